// Goal: the course (scenarios/course.yaml) is the lesson browser's map and `check`'s list: it
// loads, its chapters follow the source material, it puts every lesson under scenarios/ in
// exactly one chapter, and a malformed course is one line naming the line that is wrong, never
// a crash. `lockscope-cli check` judges a course file as a course (exit 2 when it is wrong).
//
// Method: the real course and folder; small malformed courses from text; a temporary folder
// whose course and lessons disagree in each way the check names; the CLI run on one of them.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <set>

#include "sim/scenario/course.h"
#include "sim/scenario/course_check.h"

using namespace lockscope;

namespace {

const std::string kScenarios = LOCKSCOPE_SOURCE_DIR "/scenarios";
const std::string kCourse = kScenarios + "/course.yaml";

scenario::Course realCourse() {
  scenario::CourseLoadResult loaded = scenario::loadCourseFile(kCourse);
  if (!loaded.course) qFatal("%s", loaded.error.c_str());
  return *loaded.course;
}

// The number of the lesson `file` ("4.1"), or empty.
QString numberOf(const scenario::Course& course, const std::string& file) {
  for (const scenario::CourseChapter& chapter : course.chapters) {
    for (size_t at = 0; at < chapter.lessons.size(); ++at) {
      if (chapter.lessons[at].file == file)
        return QString::fromStdString(chapter.number + "." + std::to_string(at + 1));
    }
  }
  return {};
}

void write(const QString& path, const QByteArray& text) {
  QDir().mkpath(QFileInfo(path).path());
  QFile file(path);
  QVERIFY(file.open(QIODevice::WriteOnly));
  file.write(text);
}

const char kLesson[] = R"(title: {en: A lesson, zh: 一课}
recipe: zk-chained
clients: 2
)";

}  // namespace

class CourseTest : public QObject {
  Q_OBJECT

 private slots:
  void theChaptersFollowTheSourceMaterial() {
    const scenario::Course course = realCourse();
    QStringList titles, numbers;
    for (const scenario::CourseChapter& chapter : course.chapters) {
      titles << QString::fromStdString(chapter.title.en);
      numbers << QString::fromStdString(chapter.number);
      QVERIFY(!chapter.title.zh.empty());
      QVERIFY(!chapter.goal.zh.empty());
      for (const scenario::CourseLesson& lesson : chapter.lessons) {
        QVERIFY2(!lesson.goal.en.empty() && !lesson.goal.zh.empty(), lesson.file.c_str());
      }
    }
    QCOMPARE(titles, (QStringList{"Why a distributed lock", "Database locks", "Redis locks",
                                  "ZooKeeper locks", "Curator's locks and caches",
                                  "Redlock and fencing", "Challenges", "Found by the explorer"}));
    QCOMPARE(numbers, (QStringList{"1", "2", "3", "4", "5", "6", "7", "A"}));
    // Within a topic: the recipe, then its failure modes, then its fixes.
    QCOMPARE(numberOf(course, "database/why-a-lock.yaml"), QStringLiteral("1.1"));
    QCOMPARE(numberOf(course, "redis/setnx-no-expiry.yaml"), QStringLiteral("3.1"));
    // ZooKeeper's watches first (issue 16): the lock's waiting is built on them.
    QCOMPARE(numberOf(course, "zookeeper/watch-events.yaml"), QStringLiteral("4.1"));
    QCOMPARE(numberOf(course, "zookeeper/herd-naive.yaml"), QStringLiteral("4.2"));
    QCOMPARE(numberOf(course, "zookeeper/herd-chained.yaml"), QStringLiteral("4.3"));
    QVERIFY(
        numberOf(course, "zookeeper/persistent-watch-herd.yaml").startsWith(QLatin1String("4.")));
    QVERIFY(numberOf(course, "zookeeper/reentrancy.yaml").startsWith(QLatin1String("5.")));
    QVERIFY(numberOf(course, "zookeeper/nonfair-herd.yaml").startsWith(QLatin1String("5.")));
    QVERIFY(numberOf(course, "zookeeper/node-cache-missed-version.yaml")
                .startsWith(QLatin1String("5.")));
    QVERIFY(numberOf(course, "zookeeper/service-discovery.yaml").startsWith(QLatin1String("5.")));
    QVERIFY(numberOf(course, "redis/redlock-happy-path.yaml").startsWith(QLatin1String("6.")));
    QVERIFY(
        numberOf(course, "zookeeper/paused-holder-fenced.yaml").startsWith(QLatin1String("6.")));
    QVERIFY(numberOf(course, "found/zk-paused-holder.yaml").startsWith(QLatin1String("A.")));
    QVERIFY(numberOf(course, "zookeeper-live/quorum-lost.yaml").startsWith(QLatin1String("4.")));
  }

  void theCourseListsEveryLessonOnce() {
    const scenario::Course course = realCourse();
    const std::vector<std::string> problems = scenario::checkCourseFolder(course, kCourse);
    for (const std::string& problem : problems) qWarning("%s", problem.c_str());
    QVERIFY(problems.empty());
    std::set<std::string> listed;
    for (const scenario::CourseChapter& chapter : course.chapters)
      for (const scenario::CourseLesson& lesson : chapter.lessons) listed.insert(lesson.file);
    const std::vector<std::string> onDisk = scenario::lessonFilesUnder(kScenarios);
    QCOMPARE(std::set<std::string>(onDisk.begin(), onDisk.end()), listed);
    QVERIFY(onDisk.size() >= 75);
  }

  void aMalformedCourseIsOneLine_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error");
    const QByteArray chapter = "chapters:\n  - title: {en: T, zh: 题}\n    goal: {en: G, zh: 目}\n";
    QTest::newRow("empty") << QByteArray() << "c.yaml:1:1: expected a course";
    QTest::newRow("a list") << QByteArray("- a\n") << "c.yaml:1:1: expected a course";
    QTest::newRow("misspelt") << QByteArray("chapter: []\n")
                              << "c.yaml:1:1: unknown key 'chapter' (did you mean 'chapters'?)";
    QTest::newRow("no chapters") << QByteArray("chapters: []\n")
                                 << "c.yaml:1:11: expected at least one chapter";
    QTest::newRow("broken yaml") << QByteArray("chapters: [\n") << "c.yaml:2:1: ";
    QTest::newRow("no title") << QByteArray("chapters:\n  - goal: {en: G, zh: 目}\n")
                              << "c.yaml:2:5: expected 'chapters[0].title'";
    QTest::newRow("english only")
        << QByteArray("chapters:\n  - title: Only English\n")
        << "c.yaml:2:12: expected 'chapters[0].title' in English and Chinese";
    QTest::newRow("empty chinese") << QByteArray("chapters:\n  - title: {en: T, zh: ''}\n")
                                   << "c.yaml:2:24: expected text for 'chapters[0].title.zh'";
    QTest::newRow("two lines")
        << QByteArray(
               "chapters:\n  - title: {en: T, zh: 题}\n    goal:\n      en: |\n        a\n"
               "        b\n      zh: 目\n")
        << "c.yaml:4:11: expected one line for 'chapters[0].goal.en'";
    QTest::newRow("no lessons") << chapter + "    lessons: []\n"
                                << "c.yaml:4:14: expected at least one lesson";
    QTest::newRow("outside") << chapter + "    lessons:\n      - file: ../x.yaml\n"
                             << "c.yaml:5:15: expected a path inside the course's folder";
    QTest::newRow("absolute") << chapter + "    lessons:\n      - file: /etc/x.yaml\n"
                              << "c.yaml:5:15: expected a path inside the course's folder";
    QTest::newRow("not yaml") << chapter + "    lessons:\n      - file: a.txt\n"
                              << "c.yaml:5:15: expected a lesson file (*.yaml)";
    QTest::newRow("no goal") << chapter + "    lessons:\n      - file: a.yaml\n"
                             << "c.yaml:5:9: expected 'chapters[0].lessons[0].goal'";
    QTest::newRow("twice") << chapter +
                                  "    lessons:\n      - {file: a.yaml, goal: {en: g, zh: 目}}\n"
                                  "      - {file: ./a.yaml, goal: {en: g, zh: 目}}\n"
                           << "c.yaml:6:16: expected each lesson once; './a.yaml' is listed before";
    QTest::newRow("repeated key") << QByteArray("chapters: []\nchapters: []\n") << "c.yaml:2:1: ";
    QTest::newRow("bad utf-8") << QByteArray("chapters: \xff\n") << "c.yaml:1:11: ";
  }

  void aMalformedCourseIsOneLine() {
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    const scenario::CourseLoadResult loaded = scenario::loadCourseText(text.toStdString(),
                                                                       "c.yaml");
    QVERIFY(!loaded.course);
    const QString got = QString::fromStdString(loaded.error);
    QVERIFY2(got.startsWith(error), qPrintable(got));
    QVERIFY2(!got.contains(QLatin1Char('\n')), qPrintable(got));
  }

  // Each way a course and its folder disagree is a line at the entry that is wrong, or at
  // `chapters:` for a lesson the course leaves out; `check` exits 2 and prints them.
  void aCourseThatDisagreesWithItsFolder() {
    QTemporaryDir dir;
    const QString course = dir.filePath(QStringLiteral("course.yaml"));
    write(course,
          "chapters:\n"
          "  - title: {en: One, zh: 一}\n"
          "    goal: {en: G, zh: 目}\n"
          "    lessons:\n"
          "      - {file: a/good.yaml, goal: {en: g, zh: 目}}\n"
          "      - {file: a/gone.yaml, goal: {en: g, zh: 目}}\n"
          "      - {file: a/broken.yaml, goal: {en: g, zh: 目}}\n");
    write(dir.filePath(QStringLiteral("a/good.yaml")), kLesson);
    write(dir.filePath(QStringLiteral("a/broken.yaml")), "title: x\nrecipe: no-such-recipe\n");
    write(dir.filePath(QStringLiteral("b/unlisted.yml")), kLesson);
    write(dir.filePath(QStringLiteral("b/notes.txt")), "not a lesson");
    const scenario::CourseLoadResult loaded = scenario::loadCourseFile(course.toStdString());
    QVERIFY2(loaded.course, loaded.error.c_str());
    const std::vector<std::string> problems = scenario::checkCourseFolder(*loaded.course,
                                                                          course.toStdString());
    const std::string at = course.toStdString() + ":";
    QCOMPARE(problems.size(), size_t{3});
    QVERIFY2(problems[0].rfind(at + "6:16: expected a lesson file at 'a/gone.yaml'", 0) == 0,
             problems[0].c_str());
    QVERIFY2(problems[1].rfind(at + "7:16: expected 'a/broken.yaml' to load as a lesson; ", 0) == 0,
             problems[1].c_str());
    QVERIFY2(problems[2] == at + "2:3: expected every lesson of the folder in a chapter; "
                                 "'b/unlisted.yml' is in none",
             problems[2].c_str());

    QProcess cli;
    cli.start(QStringLiteral(LOCKSCOPE_CLI_PATH), {QStringLiteral("check"), course});
    QVERIFY(cli.waitForFinished(60'000));
    QCOMPARE(cli.exitCode(), 2);
    const QStringList errors =
        QString::fromLocal8Bit(cli.readAllStandardError()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(errors.size(), 3);
    QCOMPARE(errors[2], QString::fromStdString(problems[2]));
    QVERIFY(cli.readAllStandardOutput().startsWith("FAIL " + course.toLocal8Bit()));
  }

  void theRealCoursePassesCheck() {
    QProcess cli;
    cli.start(QStringLiteral(LOCKSCOPE_CLI_PATH),
              {QStringLiteral("check"), QString::fromStdString(kCourse)});
    QVERIFY(cli.waitForFinished(60'000));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
    QVERIFY(cli.readAllStandardOutput().contains("the course: 8 chapters"));
  }
};

QTEST_GUILESS_MAIN(CourseTest)
#include "tst_course.moc"
