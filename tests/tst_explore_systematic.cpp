// `explore --mode bfs|dfs` (issue 18): the schedule chooser makes a run a path through a finite
// tree of decisions, the same path gives the same bytes, breadth-first search finds the
// counterexample with the fewest deviations, finds nothing where a recipe is correct (and says
// how much it searched), depth-first agrees, and a lesson can pin a schedule.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "backends/model_runner.h"
#include "sim/engine/schedule_chooser.h"
#include "sim/explore/systematic_search.h"
#include "sim/scenario/scenario_loader.h"

using namespace lockscope;

namespace {

const std::string kSource = LOCKSCOPE_SOURCE_DIR;
const std::string kPausedHolder = kSource + "/scenarios/zookeeper/paused-holder.yaml";
const std::string kCrashHolder = kSource + "/scenarios/zookeeper/crash-holder.yaml";
const std::string kLostWatchFixed = kSource + "/scenarios/zookeeper/lost-watch-fixed.yaml";

// The lesson without its own faults: what the explorer starts from with --drop-faults.
scenario::Scenario faultFree(const std::string& path,
                             const std::vector<scenario::Override>& overrides = {}) {
  scenario::LoadResult loaded = scenario::loadScenarioFile(path, overrides);
  if (!loaded.scenario) qFatal("%s", loaded.error.c_str());
  loaded.scenario->faults.clear();
  return *loaded.scenario;
}

run::RunReport runScheduled(const scenario::Scenario& lesson, std::vector<uint32_t> schedule,
                            std::vector<sim::BranchingDecision>* record = nullptr) {
  static const explore::ScheduledRunner runner = backends::scheduledModelRunner();
  return runner(lesson, explore::scheduleFactory(std::move(schedule), record), nullptr);
}

explore::SystematicOptions bounds(const scenario::Scenario& lesson, const char* faults, int depth,
                                  explore::SearchOrder order) {
  explore::SystematicOptions options;
  Result<explore::FaultBudget> budget = explore::parseFaultBudget(faults, lesson, 1);
  if (!budget) qFatal("%s", budget.message().c_str());
  options.budget = *budget;
  options.depth = depth;
  options.order = order;
  return options;
}

explore::SystematicResult search(const scenario::Scenario& lesson,
                                 const explore::SystematicOptions& options) {
  return explore::systematicSearch(lesson, options, backends::scheduledModelRunner());
}

struct Cli {
  int exitCode = -1;
  QByteArray out;
  QByteArray err;
};

Cli runCli(const QStringList& arguments) {
  QProcess process;
  process.start(LOCKSCOPE_CLI_PATH, arguments);
  if (!process.waitForFinished(60'000)) qFatal("lockscope-cli did not finish");
  return {process.exitCode(), process.readAllStandardOutput(), process.readAllStandardError()};
}

}  // namespace

class TestExploreSystematic : public QObject {
  Q_OBJECT

 private slots:
  void menusAreTheDocumentedOnes() {
    QCOMPARE(sim::optionsFor(5, "latency"), 2);
    QCOMPARE(sim::optionsFor(65536, "simultaneous arrival order"), 2);
    QCOMPARE(sim::optionsFor(10001, "reconnect delay"), 2);
    QCOMPARE(sim::optionsFor(1, "latency"), 1);  // an empty range decides nothing
    QCOMPARE(sim::optionsFor(~uint64_t{0}, "lock node guid"), 1);
    QCOMPARE(sim::optionsFor(~uint64_t{0}, "getChildren order"), 1);
    sim::ScheduleChooser chooser(1, {1});
    QCOMPARE(chooser.chooseFor(5, "latency", "c1 to server"), uint64_t{0});  // decision 0: fast
    QCOMPARE(chooser.chooseFor(5, "latency", "c1 to server"), uint64_t{4});  // decision 1: slow
    QCOMPARE(chooser.branchingDecisions(), uint32_t{2});
    {
      // A ping's latency: its default, not a choice point.
      const sim::RoutineDecisions routine(chooser);
      QCOMPARE(chooser.chooseFor(5, "latency", "c1 to server"), uint64_t{0});
    }
    QCOMPARE(chooser.branchingDecisions(), uint32_t{2});
    QCOMPARE(chooser.chooseFor(5, "latency", "c1 to server"), uint64_t{0});  // decision 2
    QCOMPARE(chooser.branchingDecisions(), uint32_t{3});
  }

  void theDefaultScheduleRepeatsItself() {
    const scenario::Scenario lesson = faultFree(kPausedHolder);
    std::vector<sim::BranchingDecision> first;
    std::vector<sim::BranchingDecision> second;
    const run::RunReport a = runScheduled(lesson, {}, &first);
    const run::RunReport b = runScheduled(lesson, {}, &second);
    QCOMPARE(a.traceSha256, b.traceSha256);
    QVERIFY(!first.empty());
    QCOMPARE(first.size(), second.size());
    for (const sim::BranchingDecision& decision : first) QCOMPARE(int(decision.option), 0);
  }

  void aScheduleReplaysByteIdenticallyAndALessonCanPinIt() {
    scenario::Scenario lesson = faultFree(kPausedHolder);
    // The first two latencies of the default run made slow (a tie-break's deviation may change
    // nothing when nothing ties).
    std::vector<sim::BranchingDecision> defaults;
    runScheduled(lesson, {}, &defaults);
    std::vector<uint32_t> schedule;
    for (const sim::BranchingDecision& decision : defaults) {
      if (decision.why == "latency" && schedule.size() < 2) schedule.push_back(decision.index);
    }
    QCOMPARE(schedule.size(), size_t{2});
    std::vector<sim::BranchingDecision> record;
    const run::RunReport deviated = runScheduled(lesson, schedule, &record);
    QCOMPARE(int(record[schedule[0]].option), 1);
    QCOMPARE(int(record[schedule[1]].option), 1);
    QCOMPARE(int(record[schedule[1] + 1].option), 0);
    QVERIFY(deviated.traceSha256 != runScheduled(lesson, {}).traceSha256);
    QCOMPARE(runScheduled(lesson, schedule).traceSha256, deviated.traceSha256);
    // `schedule:` in the lesson: the plain runner (run, check, the GUI) follows it.
    lesson.schedule = schedule;
    QCOMPARE(backends::modelRunner()(lesson).traceSha256, deviated.traceSha256);
  }

  void aMalformedScheduleIsOneLineWithItsPlace() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("bad.yaml").toStdString();
    std::ifstream in(kPausedHolder);
    std::ostringstream text;
    text << in.rdbuf() << "schedule: [5, 3]\n";
    std::ofstream(path) << text.str();
    const scenario::LoadResult loaded = scenario::loadScenarioFile(path, {});
    QVERIFY(!loaded.scenario);
    QVERIFY2(loaded.error.find("bad.yaml:") != std::string::npos, loaded.error.c_str());
    QVERIFY2(loaded.error.find("increasing order") != std::string::npos, loaded.error.c_str());
    QVERIFY(loaded.error.find('\n') == std::string::npos);
  }

  void bfsFindsThePausedHolderWithTheFewestDeviations() {
    const scenario::Scenario lesson = faultFree(kPausedHolder);
    const explore::SystematicResult found = search(
        lesson, bounds(lesson, "pause=1", 2, explore::SearchOrder::BreadthFirst));
    QVERIFY(found.found);
    QCOMPARE(found.found->violation.kind, std::string("mutual_exclusion"));
    QCOMPARE(found.found->deviations(), 1);
    QCOMPARE(found.found->candidate.faults.size(), size_t{1});
    QCOMPARE(found.found->candidate.faults[0].fault.kind, sim::FaultKind::Pause);
    // Fewer deviations: only the default run, which shows nothing.
    QVERIFY(!explore::Hunt{}.first(runScheduled(lesson, {}).verdict));
    // Every run before it had at most one deviation: breadth-first order.
    QVERIFY(found.runs <= 1 + found.faultChoices + found.defaultDecisions);
  }

  void bfsOnACorrectRecipeSaysHowMuchItSearched() {
    const scenario::Scenario lesson = faultFree(kCrashHolder, {{"clients", "2"}});
    const explore::SystematicResult result = search(
        lesson, bounds(lesson, "crash=1", 2, explore::SearchOrder::BreadthFirst));
    QVERIFY(!result.found);
    QVERIFY(result.exhausted);
    // Deterministic: the same tree every time (measured when this test was written).
    QCOMPARE(result.runs, uint64_t{2884});
    QCOMPARE(result.distinctTraces, uint64_t{1193});
  }

  void dfsAndBfsAgree() {
    const scenario::Scenario correct = faultFree(kCrashHolder, {{"clients", "2"}});
    const explore::SystematicResult bfs = search(
        correct, bounds(correct, "crash=1", 2, explore::SearchOrder::BreadthFirst));
    const explore::SystematicResult dfs = search(
        correct, bounds(correct, "crash=1", 2, explore::SearchOrder::DepthFirst));
    QCOMPARE(dfs.found.has_value(), bfs.found.has_value());
    QCOMPARE(dfs.runs, bfs.runs);  // the same tree, walked in another order
    QCOMPARE(dfs.distinctTraces, bfs.distinctTraces);
    const scenario::Scenario broken = faultFree(kPausedHolder);
    const explore::SystematicResult bfsBroken = search(
        broken, bounds(broken, "pause=1", 2, explore::SearchOrder::BreadthFirst));
    const explore::SystematicResult dfsBroken = search(
        broken, bounds(broken, "pause=1", 2, explore::SearchOrder::DepthFirst));
    QVERIFY(bfsBroken.found && dfsBroken.found);
    QVERIFY(dfsBroken.found->deviations() >= bfsBroken.found->deviations());
  }

  void aFoundScheduleIsWrittenPinnedAndReplays() {
    QTemporaryDir dir;
    const QString out = dir.filePath("found.yaml");
    const Cli explored = runCli({"explore", QString::fromStdString(kLostWatchFixed), "--mode",
                                 "bfs", "--depth", "1", "--faults", "crash=1", "--drop-faults",
                                 "--json", "--out", out});
    QCOMPARE(explored.exitCode, 1);
    const nlohmann::json report = nlohmann::json::parse(explored.out.toStdString());
    QVERIFY(!report["found_schedule"].empty());
    QCOMPARE(report["replays_with_seed"].get<bool>(), false);
    scenario::LoadResult written = scenario::loadScenarioFile(out.toStdString(), {});
    QVERIFY2(written.scenario, written.error.c_str());
    QVERIFY(written.scenario->schedule.has_value());
    QCOMPARE(written.scenario->schedule->size(), report["found_schedule"].size());
    // `run` reproduces it byte for byte and meets its expectations.
    const Cli replayed = runCli({"run", out});
    QCOMPARE(replayed.exitCode, 0);
    QVERIFY2(
        replayed.out.contains(QByteArray::fromStdString(report["trace_sha256"].get<std::string>())),
        replayed.out.constData());
  }

  void aBadDepthIsOneLineAndExitTwo() {
    const Cli bad = runCli(
        {"explore", QString::fromStdString(kPausedHolder), "--mode", "bfs", "--depth", "x"});
    QCOMPARE(bad.exitCode, 2);
    QCOMPARE(bad.err.count('\n'), 1);
    QVERIFY2(bad.err.contains("--depth"), bad.err.constData());
    QVERIFY(bad.out.isEmpty());
    const Cli mode = runCli({"explore", QString::fromStdString(kPausedHolder), "--mode", "xyz"});
    QCOMPARE(mode.exitCode, 2);
    QCOMPARE(mode.err.count('\n'), 1);
  }
};

QTEST_GUILESS_MAIN(TestExploreSystematic)
#include "tst_explore_systematic.moc"
