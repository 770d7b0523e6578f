// Goal: every lesson shipped in scenarios/ is told, not just run (issue 16): at least three
// narration beats, and at least one moment where the class stops to predict (a pause or a
// question); and the course asks enough questions to be a course, not a film.
//
// Method: load every lesson file under scenarios/ (course.yaml is the course, not a lesson) and
// count its beats, pauses and questions; a lesson short of them is named with what it lacks.
// That each beat happens at the moment it describes is held by its `shows:` claims, which
// `lockscope-cli check` (tst_narration_claims, lessons_check) proves against the run.
#include <QDir>
#include <QDirIterator>
#include <QTest>
#include <algorithm>

#include "sim/scenario/scenario_loader.h"

using namespace lockscope;

namespace {

const QString kScenarios = QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios");
constexpr size_t kBeats = 3;
constexpr int kLessonsWithQuestions = 12;

struct Lesson {
  QString file;  // relative to scenarios/
  scenario::Scenario scenario;
};

std::vector<Lesson> lessons() {
  std::vector<Lesson> all;
  QDirIterator it(kScenarios, {QStringLiteral("*.yaml"), QStringLiteral("*.yml")}, QDir::Files,
                  QDirIterator::Subdirectories);
  while (it.hasNext()) {
    const QString path = it.next();
    const QString file = QDir(kScenarios).relativeFilePath(path);
    if (file == QLatin1String("course.yaml")) continue;
    const scenario::LoadResult loaded = scenario::loadScenarioFile(path.toStdString());
    if (!loaded.scenario) qFatal("%s", loaded.error.c_str());
    all.push_back({file, *loaded.scenario});
  }
  std::sort(all.begin(), all.end(),
            [](const Lesson& a, const Lesson& b) { return a.file < b.file; });
  return all;
}

}  // namespace

class LessonsToldTest : public QObject {
  Q_OBJECT

 private slots:
  void everyLessonHasThreeBeatsAndAStop() {
    const std::vector<Lesson> all = lessons();
    QVERIFY2(all.size() >= 70, qPrintable(QString::number(all.size()) + " lessons found"));
    QStringList untold;
    for (const Lesson& lesson : all) {
      const auto& steps = lesson.scenario.narration;
      if (steps.size() < kBeats) {
        untold << lesson.file + QStringLiteral(": %1 narration beats; expected at least %2")
                                    .arg(steps.size())
                                    .arg(kBeats);
      }
      if (std::none_of(steps.begin(), steps.end(), [](const auto& step) { return step.pause; })) {
        untold << lesson.file + QStringLiteral(": no pause or question; expected at least one");
      }
    }
    QVERIFY2(untold.isEmpty(), qPrintable(untold.join(QLatin1Char('\n'))));
  }

  void theCourseAsksQuestions() {
    QStringList asking;
    for (const Lesson& lesson : lessons()) {
      const auto& steps = lesson.scenario.narration;
      if (std::any_of(steps.begin(), steps.end(),
                      [](const auto& step) { return step.question.has_value(); }))
        asking << lesson.file;
    }
    QVERIFY2(asking.size() >= kLessonsWithQuestions,
             qPrintable(QStringLiteral("%1 lessons ask a question: %2")
                            .arg(asking.size())
                            .arg(asking.join(QStringLiteral(", ")))));
  }
};

QTEST_GUILESS_MAIN(LessonsToldTest)
#include "tst_lessons_told.moc"
