// Goal: every lesson shipped in scenarios/ reads in Chinese. Each text a reader sees (title,
// summary, live_only, every narration step: Scenario::texts()) has its `zh`; a text without one
// is named as file:line:col with its key path, so a translator goes straight to it. The Chinese
// GUI would show such a text in English behind the （未翻译） marker (app/gui/lesson_text.h).
//
// Method: one row per folder of scenarios/ (zookeeper, redis, found, ...), so that a folder still
// being translated fails on its own row; every .yaml in it is loaded with the loader and its
// texts are walked.
#include <QDir>
#include <QDirIterator>
#include <QTest>

#include "sim/scenario/scenario_loader.h"

using namespace lockscope;

namespace {

const QString kScenarios = QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios");

}  // namespace

class LessonTranslationsTest : public QObject {
  Q_OBJECT

 private slots:
  void everyLessonTextHasItsChinese_data() {
    QTest::addColumn<QString>("folder");
    const QStringList folders =
        QDir(kScenarios).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    QVERIFY2(folders.size() >= 5, qPrintable(kScenarios + " has almost no lesson folders"));
    for (const QString& folder : folders) {
      // zookeeper-shell holds zkCli scripts, not lessons in the scenario format.
      QDirIterator lessons(QDir(kScenarios).filePath(folder),
                           {QStringLiteral("*.yaml"), QStringLiteral("*.yml")}, QDir::Files,
                           QDirIterator::Subdirectories);
      if (lessons.hasNext()) QTest::newRow(qPrintable(folder)) << folder;
    }
  }

  void everyLessonTextHasItsChinese() {
    QFETCH(QString, folder);
    QStringList untranslated;
    QDirIterator it(QDir(kScenarios).filePath(folder),
                    {QStringLiteral("*.yaml"), QStringLiteral("*.yml")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
      const std::string file = QDir(LOCKSCOPE_SOURCE_DIR).relativeFilePath(it.next()).toStdString();
      const scenario::LoadResult loaded = scenario::loadScenarioFile(
          std::string(LOCKSCOPE_SOURCE_DIR) + "/" + file);
      QVERIFY2(loaded.scenario, loaded.error.c_str());
      for (const scenario::Scenario::TextField& field : loaded.scenario->texts()) {
        if (field.text->has(scenario::TextLanguage::Chinese)) continue;
        scenario::SourceLocation where = field.text->location;
        where.file = file;  // relative to the source tree: short, and the same on every machine
        untranslated << QString::fromStdString(where.describe() + ": '" + field.path +
                                               "' has no Chinese (zh)");
      }
    }
    QVERIFY2(untranslated.isEmpty(),
             qPrintable(QString::number(untranslated.size()) +
                        QStringLiteral(" lesson texts without their Chinese:\n") +
                        untranslated.join(QLatin1Char('\n'))));
  }
};

QTEST_GUILESS_MAIN(LessonTranslationsTest)
#include "tst_lesson_translations.moc"
