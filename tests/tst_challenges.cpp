// Goal: every challenge shipped in scenarios/challenges/ is a fair task (issue 16): as written
// it runs clean and is graded "not solved"; its known solution (tests/data/challenge-solutions/),
// recorded as the GUI records it, is graded solved; and a recording that changes the setup, or
// spends more faults than the budget, is not.
//
// Method: load each challenge, run it on the model and grade it with no faults; append its
// solution's faults with the GUI's own recordingText (the text Record writes), load that text,
// run and grade it against the original's text; then spoil the recording (recipe, seed, an extra
// fault) and grade again. `lockscope-cli check` grades through the same gradeChallenge: run as a
// student would, on a recording saved outside the lessons folder, it prints one line and exits 0
// only when solved.
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "app/gui/core/recording_text.h"
#include "backends/model_runner.h"
#include "sim/scenario/challenge_grade.h"
#include "sim/scenario/scenario_loader.h"

using namespace lockscope;

namespace {

const QString kChallenges = QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/challenges");
const QString kSolutions = QStringLiteral(LOCKSCOPE_SOURCE_DIR "/tests/data/challenge-solutions");
constexpr int kAtLeast = 8;  // issue 16: at least eight challenges

std::string readText(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) qFatal("cannot read %s", qPrintable(path));
  return file.readAll().toStdString();
}

scenario::Scenario load(const std::string& text, const std::string& name) {
  const scenario::LoadResult loaded = scenario::loadScenarioText(text, name);
  if (!loaded.scenario) qFatal("%s", loaded.error.c_str());
  return *loaded.scenario;
}

// Grades `recordedText` as `lockscope-cli check` does, against the challenge's `originalText`.
scenario::ChallengeGrade grade(const std::string& recordedText, const std::string& originalText) {
  static const explore::ScenarioRunner runner = backends::modelRunner();
  const scenario::Scenario recorded = load(recordedText, "recording.yaml");
  if (!recorded.challenge) qFatal("the recording lost its challenge block");
  return scenario::gradeChallenge(*recorded.challenge, recorded.faults, runner(recorded).verdict,
                                  scenario::setupDifferences(recordedText, originalText));
}

// The faults of a solution file: a `faults:` list naming the challenge's clients, read in the
// challenge's setup (the challenge has no `faults:` of its own to collide with).
std::vector<scenario::Fault> solutionFaults(const QString& id, const std::string& originalText) {
  const QString path = kSolutions + "/" + id + ".yaml";
  return load(originalText + readText(path), path.toStdString()).faults;
}

QStringList challengeIds() {
  QStringList ids;
  QDirIterator it(kChallenges, {QStringLiteral("*.yaml")}, QDir::Files);
  while (it.hasNext()) ids << QFileInfo(it.next()).completeBaseName();
  ids.sort();
  return ids;
}

}  // namespace

class ChallengesTest : public QObject {
  Q_OBJECT

 private slots:
  void thereAreEnough() {
    QVERIFY2(challengeIds().size() >= kAtLeast, qPrintable(challengeIds().join(", ")));
  }

  void eachChallenge_data() {
    QTest::addColumn<QString>("id");
    for (const QString& id : challengeIds()) QTest::newRow(qPrintable(id)) << id;
  }

  void eachChallenge() {
    QFETCH(QString, id);
    const std::string originalText = readText(kChallenges + "/" + id + ".yaml");
    const scenario::Scenario original = load(originalText, id.toStdString() + ".yaml");
    QVERIFY(original.challenge.has_value());
    QCOMPARE(QString::fromStdString(original.challenge->id), id);  // its id finds it
    QVERIFY(original.faults.empty());

    // As written: the recipe works, so nothing is broken yet.
    const scenario::ChallengeGrade untouched = grade(originalText, originalText);
    QVERIFY2(!untouched.solved, untouched.line.en.c_str());
    QVERIFY2(untouched.line.en.starts_with("no violation yet"), untouched.line.en.c_str());

    // The known solution, saved as the GUI's Record saves clicked faults.
    const std::vector<scenario::Fault> faults = solutionFaults(id, originalText);
    QVERIFY(!faults.empty());
    const gui::RecordingText recording = gui::recordingText(originalText, {}, faults, original.seed,
                                                            "recording.yaml");
    QVERIFY2(recording.error.empty(), recording.error.c_str());
    const scenario::ChallengeGrade solved = grade(recording.text, originalText);
    QVERIFY2(solved.solved, solved.line.en.c_str());
    QVERIFY2(scenario::faultsSpent(faults) <= original.challenge->budget, solved.line.en.c_str());
    QVERIFY(!solved.line.zh.empty());

    // The same faults on another seed: the setup differs, whatever the run shows.
    const gui::RecordingText reseeded = gui::recordingText(originalText, {}, faults,
                                                           original.seed + 1, "recording.yaml");
    const scenario::ChallengeGrade cheat = grade(reseeded.text, originalText);
    QVERIFY(!cheat.solved);
    QCOMPARE(cheat.line.en, std::string("the setup differs from the challenge: seed changed"));

    // One fault more than the budget allows.
    std::vector<scenario::Fault> over = faults;
    for (int extra = scenario::faultsSpent(faults); extra <= original.challenge->budget; ++extra) {
      scenario::Fault fault = faults.front();
      fault.at += sim::fromMillis(1 + extra);
      over.push_back(fault);
    }
    const gui::RecordingText spent = gui::recordingText(originalText, {}, over, original.seed,
                                                        "recording.yaml");
    const scenario::ChallengeGrade overBudget = grade(spent.text, originalText);
    QVERIFY(!overBudget.solved);
    QVERIFY2(overBudget.line.en.find("used, budget is") != std::string::npos,
             overBudget.line.en.c_str());
  }

  void changingTheRecipeIsNotASolution() {
    const std::string originalText = readText(kChallenges + "/redis-pause-two-holders.yaml");
    std::string changed = originalText;
    const std::string from = "recipe: redis-lock\n";
    changed.replace(changed.find(from), from.size(), "recipe: redis-unsafe-del\n");
    const scenario::ChallengeGrade graded = grade(changed, originalText);
    QVERIFY(!graded.solved);
    QCOMPARE(graded.line.en, std::string("the setup differs from the challenge: recipe changed"));
  }

  void checkGradesARecordingByItsExitCode() {
    const QString id = QStringLiteral("redis-pause-two-holders");
    const std::string originalText = readText(kChallenges + "/" + id + ".yaml");
    const scenario::Scenario original = load(originalText, "original.yaml");
    const gui::RecordingText solved = gui::recordingText(
        originalText, {}, solutionFaults(id, originalText), original.seed, "attempt.yaml");
    QTemporaryDir dir;
    const auto check = [&](const std::string& text, QByteArray& out) {
      const QString path = dir.filePath(QStringLiteral("attempt.yaml"));
      QFile file(path);
      if (!file.open(QIODevice::WriteOnly)) return -1;
      file.write(QByteArray::fromStdString(text));
      file.close();
      QProcess cli;
      cli.setWorkingDirectory(QStringLiteral(LOCKSCOPE_SOURCE_DIR));  // finds scenarios/ there
      cli.start(QStringLiteral(LOCKSCOPE_CLI_PATH), {QStringLiteral("check"), path});
      if (!cli.waitForFinished(60'000)) return -1;
      out = cli.readAllStandardOutput();
      return cli.exitCode();
    };
    QByteArray out;
    QCOMPARE(check(solved.text, out), 0);
    QVERIFY2(
        out.contains(": mutual exclusion is broken with 1 fault (pause c1 at 0ms for 540ms)\n"),
        out.constData());
    QVERIFY(out.startsWith("solved "));
    QCOMPARE(check(originalText, out), 1);  // a copy of the challenge, outside its folder
    QVERIFY2(out.startsWith("not solved "), out.constData());
    QVERIFY(out.contains(": no violation yet (the goal: mutual exclusion is broken)\n"));
  }

  void describesFaultsAsTheStudentPlacedThem() {
    const scenario::Scenario lesson = load(
        "title: t\nrecipe: zk-chained\nclients: 2\nfaults:\n"
        "  - {at: 120ms, pause: c1, for: 3s}\n  - {at: 1500us, crash: c2}\n",
        "s.yaml");
    QCOMPARE(scenario::faultsSpent(lesson.faults), 2);  // the resume is free
    QCOMPARE(scenario::describeFaults(lesson.faults),
             std::string("crash c2 at 1.5ms, pause c1 at 120ms for 3s"));
  }
};

QTEST_GUILESS_MAIN(ChallengesTest)
#include "tst_challenges.moc"
