// The explorer (sim/explore, `lockscope-cli explore` and `sweep`, issue 18): it rediscovers a
// lesson's violation from the lesson without its fault, shrinks what it finds, writes a lesson
// that reproduces it byte for byte, finds nothing where a recipe is correct, gives the same
// answer every time, and a sweep's shards merge into the whole sweep.
#include <QDir>
#include <QDirIterator>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <sstream>

#include "backends/backend_for.h"
#include "backends/model_runner.h"
#include "sim/explore/exploration.h"
#include "sim/explore/seed_sweep.h"
#include "sim/explore/shrinker.h"
#include "sim/scenario/course.h"
#include "sim/scenario/scenario_loader.h"

using namespace lockscope;

namespace {

const std::string kSource = LOCKSCOPE_SOURCE_DIR;
const std::string kTwoClients = kSource + "/tests/data/explore/zk-curator-two-clients.yaml";

scenario::Scenario load(const std::string& path,
                        const std::vector<scenario::Override>& overrides = {}) {
  scenario::LoadResult loaded = scenario::loadScenarioFile(path, overrides);
  if (!loaded.scenario) qFatal("%s", loaded.error.c_str());
  return *loaded.scenario;
}

std::string readFile(const std::string& path) {
  std::ifstream file(path);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

// The explorer's runner, as `explore`, `sweep` and the app use it.
run::RunReport runOnModel(const scenario::Scenario& scenario) {
  static const explore::ScenarioRunner runner = backends::modelRunner();
  return runner(scenario);
}

explore::RandomSearchOptions pausesOnly(const scenario::Scenario& lesson) {
  explore::RandomSearchOptions options;
  Result<explore::FaultBudget> budget = explore::parseFaultBudget("pause=1", lesson, 1);
  if (!budget) qFatal("%s", budget.message().c_str());
  options.budget = *budget;
  options.runs = 500;
  return options;
}

struct Exploration {
  explore::SearchResult search;
  explore::Shrunk shrunk;
  run::RunReport replay;
  std::string lessonText;
};

Exploration exploreTwoClients() {
  const scenario::Scenario lesson = load(kTwoClients);
  explore::ExplorationRequest request;
  request.search = pausesOnly(lesson);
  request.lessonText = readFile(kTwoClients);
  request.command = "tst_explore";
  Result<explore::Exploration> explored = explore::exploreLesson(lesson, request, runOnModel);
  if (!explored) qFatal("%s", explored.message().c_str());
  Exploration result;
  result.search = explored->search;
  if (!explored->shrunk) return result;
  result.shrunk = *explored->shrunk;
  result.replay = *explored->replay;
  result.lessonText = explored->lessonText;
  return result;
}

}  // namespace

class ExploreTest : public QObject {
  Q_OBJECT

 private slots:
  // The paused holder of scenarios/zookeeper/paused-holder.yaml, found again from zk-curator
  // with no fault at all: the lesson as written is fine, a long enough pause of the holder is not.
  void rediscoversThePausedHolder() {
    const Exploration found = exploreTwoClients();
    QVERIFY(found.search.found.has_value());
    QVERIFY2(found.search.found->run > 0, "the lesson as written must show no violation");
    const explore::Candidate& shrunk = found.shrunk.candidate;
    QCOMPARE(found.shrunk.violation.kind, std::string("mutual_exclusion"));
    QCOMPARE(shrunk.faults.size(), size_t{1});
    QCOMPARE(shrunk.faults[0].fault.kind, sim::FaultKind::Pause);
    QCOMPARE(shrunk.faults[0].fault.client, std::string("c1"));
    QCOMPARE(shrunk.seed, uint64_t{15});  // the lesson's own seed, once shrunk
    // Shrunk to the shortest pause that still outlasts the session (2 s negotiated with tick 200):
    // a pause shorter than the session shows nothing.
    QVERIFY(shrunk.faults[0].duration > sim::fromMillis(2000));
    QVERIFY(shrunk.faults[0].duration < found.search.found->candidate.faults[0].duration ||
            found.search.found->candidate.faults[0].duration == shrunk.faults[0].duration);
    explore::Candidate shorter = shrunk;
    shorter.faults[0].duration -= sim::fromMillis(1);
    const scenario::Scenario lesson = load(kTwoClients);
    QCOMPARE(runOnModel(explore::applyCandidate(lesson, shorter)).verdict.count("mutual_exclusion"),
             size_t{0});
  }

  // The written lesson loads, reproduces the run byte for byte (its trace hash is in its header)
  // and its expectations hold.
  void theFoundLessonReproducesTheRun() {
    const Exploration found = exploreTwoClients();
    QVERIFY(!found.lessonText.empty());
    QVERIFY(found.lessonText.find(found.replay.traceSha256) != std::string::npos);
    scenario::LoadResult loaded = scenario::loadScenarioText(found.lessonText, "found.yaml");
    QVERIFY2(loaded.scenario.has_value(), loaded.error.c_str());
    const run::RunReport rerun = runOnModel(*loaded.scenario);
    QCOMPARE(rerun.traceSha256, found.replay.traceSha256);
    QVERIFY2(rerun.passed(),
             rerun.unmetExpectations.empty() ? "" : rerun.unmetExpectations[0].c_str());
    QVERIFY(!loaded.scenario->expectations.empty());
    QCOMPARE(loaded.scenario->faults.size(), size_t{2});  // the pause and its resume
    // What the run is (at 0), the fault with its class pause, the violation.
    QCOMPARE(loaded.scenario->narration.size(), size_t{3});
    QCOMPARE(*loaded.scenario->narration[0].at, sim::Micros{0});
    QVERIFY(loaded.scenario->narration[0].text.en.find("seed") != std::string::npos);
    QVERIFY(!loaded.scenario->narration[0].pause);
    QVERIFY(loaded.scenario->narration[1].pause);
    QVERIFY(!loaded.scenario->narration[2].pause);
  }

  // Determinism: the same lesson, options and explorer seed give the same lesson file.
  void sameSearchSameLesson() {
    const Exploration first = exploreTwoClients();
    const Exploration second = exploreTwoClients();
    QVERIFY(!first.lessonText.empty());
    QCOMPARE(first.lessonText, second.lessonText);
    QCOMPARE(first.search.found->run, second.search.found->run);
  }

  // A correct recipe within its bounds: zk-chained, three clients, any one crash. Crashes never
  // break it (the session's end deletes the node, the next in line is notified).
  void findsNothingWhereTheRecipeIsCorrect() {
    const scenario::Scenario lesson = load(kTwoClients,
                                           {{"recipe", "zk-chained"}, {"clients", "3"}});
    explore::RandomSearchOptions options;
    Result<explore::FaultBudget> budget = explore::parseFaultBudget("crash=1", lesson, 1);
    QVERIFY(budget.ok());
    options.budget = *budget;
    options.runs = 300;
    const explore::SearchResult search = explore::randomSearch(lesson, options, runOnModel);
    QVERIFY(!search.found.has_value());
    QCOMPARE(search.runs, uint64_t{300});
    QVERIFY(search.horizon > 0);
  }

  // Found by the explorer in our own run loop: a client that crashed after its last round was
  // counted as finished twice, so the run ended while another client still waited for its turn.
  void aClientCrashingWhenDoneDoesNotEndTheRun() {
    scenario::LoadResult loaded = scenario::loadScenarioText(
        "title: t\nrecipe: zk-curator\nseed: 30743\nclients: 3\nsession_timeout_ms: 2000\n"
        "faults:\n  - at: 126ms\n    crash: c3\n",
        "crash-when-done.yaml");
    QVERIFY2(loaded.scenario.has_value(), loaded.error.c_str());
    const run::RunReport report = runOnModel(*loaded.scenario);
    QCOMPARE(report.verdict.metric(checkers::Metric::Acquisitions), 3.0);
    QVERIFY(report.verdict.violations.empty());
    QCOMPARE(report.endReason, std::string("all clients done"));
  }

  // The app's Stop: keepGoing says no, and the search ends there, found nothing, cancelled.
  void aSearchStopsWhenAskedTo() {
    const scenario::Scenario lesson = load(kTwoClients);
    explore::RandomSearchOptions options = pausesOnly(lesson);
    options.keepGoing = [](uint64_t runs) { return runs < 3; };
    const explore::SearchResult search = explore::randomSearch(lesson, options, runOnModel);
    QVERIFY(search.cancelled);
    QCOMPARE(search.runs, uint64_t{3});
    QVERIFY(!search.found.has_value());
  }

  // Found by the explorer in the database model: a 1 ms partition lost c2's statement, and c2
  // waited for its reply forever. One TCP connection retransmits: the statement is late, not lost.
  void aShortPartitionDelaysADatabaseClient() {
    const scenario::Scenario lesson = load(kSource + "/scenarios/database/lease-paused-holder.yaml",
                                           {{"seed", "11"}});
    explore::AddedFault partition;
    partition.fault.kind = sim::FaultKind::Partition;
    partition.fault.client = "c2";
    partition.fault.at = sim::fromMillis(20);
    partition.duration = sim::fromMillis(1);
    scenario::Scenario shortPartition = lesson;
    shortPartition.faults.clear();
    const run::RunReport report = runOnModel(explore::applyCandidate(
        shortPartition, {.seed = 11, .clients = lesson.clients.size(), .faults = {partition}}));
    QCOMPARE(report.verdict.count("stuck"), size_t{0});
    QCOMPARE(report.verdict.metric(checkers::Metric::Acquisitions),
             static_cast<double>(lesson.clients.size()));
  }

  // Shrinking drops what the violation does not need: a second fault, clients, a late time.
  void shrinkingKeepsOnlyWhatMatters() {
    const scenario::Scenario lesson = load(kTwoClients, {{"clients", "5"}});
    explore::AddedFault pause;
    pause.fault.kind = sim::FaultKind::Pause;
    pause.fault.client = "c1";
    pause.fault.at = sim::fromMillis(90);
    pause.duration = sim::fromMillis(9000);
    explore::AddedFault crash;
    crash.fault.kind = sim::FaultKind::Crash;
    crash.fault.client = "c5";
    crash.fault.at = sim::fromMillis(4000);
    const explore::Candidate noisy{.seed = 777, .clients = 5, .faults = {pause, crash}};
    const run::RunReport report = runOnModel(explore::applyCandidate(lesson, noisy));
    const auto violation = explore::Hunt{{"mutual_exclusion"}}.first(report.verdict);
    QVERIFY(violation.has_value());
    const explore::Shrunk shrunk = explore::shrink(lesson, explore::Found{noisy, *violation, 1},
                                                   runOnModel);
    QCOMPARE(shrunk.candidate.faults.size(), size_t{1});
    QCOMPARE(shrunk.candidate.faults[0].fault.kind, sim::FaultKind::Pause);
    QCOMPARE(shrunk.candidate.clients, size_t{2});
    QVERIFY(shrunk.candidate.faults[0].fault.at <= pause.fault.at);
    QVERIFY(shrunk.candidate.faults[0].duration < pause.duration);
    QCOMPARE(shrunk.violation.kind, std::string("mutual_exclusion"));
  }

  // N shards' findings, merged by seed, are one sweep's; the lost-watch race shows on some seeds.
  void shardsMergeIntoOneSweep() {
    const scenario::Scenario lesson = load(kSource + "/scenarios/zookeeper/lost-watch-race.yaml");
    const explore::SeedRange range{1, 40};
    std::vector<uint64_t> whole;
    std::vector<std::string> wholeHashes;
    explore::sweepSeeds(lesson, range, {1, 1}, {}, runOnModel,
                        [&](const explore::SweepFinding& finding) {
                          whole.push_back(finding.seed);
                          wholeHashes.push_back(finding.shrunkTraceSha256);
                        });
    QVERIFY2(!whole.empty(), "the race shows on some of 40 seeds");
    QVERIFY2(whole.size() < 40, "and not on all of them");
    std::map<uint64_t, std::string> merged;
    for (uint64_t shard = 1; shard <= 3; ++shard) {
      explore::sweepSeeds(lesson, range, {shard, 3}, {}, runOnModel,
                          [&](const explore::SweepFinding& finding) {
                            QVERIFY((finding.seed - range.first) % 3 == shard - 1);
                            QVERIFY(merged.emplace(finding.seed, finding.shrunkTraceSha256).second);
                          });
    }
    std::vector<uint64_t> mergedSeeds;
    std::vector<std::string> mergedHashes;
    for (const auto& [seed, hash] : merged) {
      mergedSeeds.push_back(seed);
      mergedHashes.push_back(hash);
    }
    QCOMPARE(mergedSeeds, whole);
    QCOMPARE(mergedHashes, wholeHashes);
  }

  // The lessons in scenarios/found/ are what the explorer writes today: each one's header names
  // the command that found it, which, run again, writes the same bytes (the search, the
  // shrinking and the writing are deterministic, and nothing drifted since they were made).
  void theCheckedInFoundLessonsAreReproducible() {
    QTemporaryDir out;
    const QDir found(QString::fromStdString(kSource + "/scenarios/found"));
    const QStringList files = found.entryList({"*.yaml"}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 8);
    for (const QString& name : files) {
      const std::string text = readFile(found.filePath(name).toStdString());
      const std::string prefix = "# Found by lockscope-cli ";
      QVERIFY2(text.rfind(prefix, 0) == 0, qPrintable(name));
      QStringList arguments = QString::fromStdString(
                                  text.substr(prefix.size(), text.find('\n') - prefix.size()))
                                  .split(' ', Qt::SkipEmptyParts);
      const qsizetype outAt = arguments.indexOf("--out");
      QVERIFY2(outAt > 0 && outAt + 1 < arguments.size(), qPrintable(name));
      const QString original = arguments[outAt + 1];
      arguments[outAt + 1] = out.filePath(name);
      QProcess explore;
      explore.setWorkingDirectory(QString::fromStdString(kSource));
      explore.start(LOCKSCOPE_CLI_PATH, arguments);
      QVERIFY(explore.waitForFinished(60'000));
      QCOMPARE(explore.exitCode(), 1);  // a violation found
      std::string again = readFile(out.filePath(name).toStdString());
      const size_t at = again.find(out.filePath(name).toStdString());
      QVERIFY2(at != std::string::npos, qPrintable(name));
      again.replace(at, out.filePath(name).size(), original.toStdString());
      QVERIFY2(again == text, qPrintable(name + " differs from what the explorer writes now"));
    }
  }

  // The explorer judges on the run's own thread; every lesson gets the same trace hash, verdict
  // and metrics that way as with the judge on its thread (run, check, the app).
  void judgingOnTheRunThreadChangesNothing() {
    const QDir folder(QString::fromStdString(kSource + "/scenarios"));
    QDirIterator lessons(folder.path(), {"*.yaml"}, QDir::Files, QDirIterator::Subdirectories);
    int compared = 0;
    while (lessons.hasNext()) {
      const std::string file = lessons.next().toStdString();
      if (scenario::isCourseFile(file)) continue;  // the course lists the lessons, is none
      const scenario::Scenario lesson = load(file);
      run::RunOptions options;
      options.backend = backends::modelBackendFor(lesson);
      const run::RunReport threaded = run::runScenario(lesson, options);
      const run::RunReport inline_ = runOnModel(lesson);
      QCOMPARE(inline_.traceSha256, threaded.traceSha256);
      QCOMPARE(inline_.verdict.violations.size(), threaded.verdict.violations.size());
      QCOMPARE(inline_.verdict.metrics, threaded.verdict.metrics);
      QCOMPARE(inline_.unmetExpectations, threaded.unmetExpectations);
      ++compared;
    }
    QVERIFY(compared >= 60);
  }

  void seedRangesAndShardsAreChecked() {
    QVERIFY(!explore::parseSeedRange("5:1").ok());
    QVERIFY(!explore::parseSeedRange("1-5").ok());
    QVERIFY(!explore::parseSeedRange(":5").ok());
    QCOMPARE(explore::parseSeedRange("3:3")->last, uint64_t{3});
    QVERIFY(!explore::parseShard("0/3").ok());
    QVERIFY(!explore::parseShard("4/3").ok());
    QCOMPARE(explore::parseShard("2/3")->index, uint64_t{2});
    const scenario::Scenario lesson = load(kTwoClients);
    QVERIFY(!explore::parseFaultBudget("bogus=1", lesson, 1).ok());
    QVERIFY(!explore::parseFaultBudget("kill_instance=1", lesson, 1).ok());  // not ZooKeeper's
    QVERIFY(!explore::parseFaultBudget("crash=1,crash=2", lesson, 1).ok());
    QVERIFY(!explore::parseFaultBudget("crash=x", lesson, 1).ok());
    QCOMPARE(explore::parseFaultBudget("crash=2,pause=0", lesson, 3)->perKind.size(), size_t{1});
    QVERIFY(!explore::parseHunt("mutual_exclusion,nonsense").ok());
  }
};

QTEST_GUILESS_MAIN(ExploreTest)
#include "tst_explore.moc"
