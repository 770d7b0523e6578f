// Goal: a violation's causal slice holds the events it depends on under happens-before and none
// that it does not. Method: hand-built traces where the answer is known event by event (two
// independent clients, a request and its reply, a notification and the write that triggered it),
// then the paused-holder lesson's real trace, with a third client added whose events must stay
// out of the first violation's slice, and a Redis failover's; last, `lockscope-cli run --slice`
// reports the same slices.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

#include <fstream>
#include <set>
#include <sstream>

#include "backends/backend_for.h"
#include "sim/checkers/causal_slice.h"
#include "sim/run/scenario_run.h"
#include "sim/scenario/scenario_loader.h"
#include "sim/trace/trace_sinks.h"

using namespace lockscope;
using sim::TraceEvent;
using sim::TraceKind;

namespace {

constexpr int64_t kSession1 = 101, kSession2 = 102;

checkers::Violation violationOf(std::string kind, sim::Micros time,
                                std::vector<std::string> clients) {
  return {.kind = std::move(kind),
          .time = time,
          .until = 0,
          .clients = std::move(clients),
          .detail = {}};
}

TraceEvent request(sim::Micros time, std::string_view actor, sim::ZooKeeperOp op,
                   std::string_view path, int64_t session, int64_t number) {
  return {.time = time,
          .kind = TraceKind::Request,
          .actor = actor,
          .op = op,
          .path = path,
          .session = session,
          .request = number};
}

TraceEvent reply(sim::Micros time, std::string_view actor, sim::ZooKeeperOp op,
                 std::string_view path, int64_t session, int64_t zxid, int64_t number) {
  return {.time = time,
          .kind = TraceKind::Reply,
          .actor = actor,
          .op = op,
          .path = path,
          .rc = "OK",
          .session = session,
          .zxid = zxid,
          .request = number};
}

TraceEvent serverEvent(sim::Micros time, TraceKind kind, std::string_view path, int64_t session,
                       int64_t zxid, std::string_view value = {}) {
  return {.time = time,
          .kind = kind,
          .actor = "server",
          .path = path,
          .value = value,
          .session = session,
          .zxid = zxid};
}

TraceEvent acquired(sim::Micros time, std::string_view actor) {
  return {.time = time, .kind = TraceKind::Lock, .actor = actor, .op = sim::LockOp::Acquired};
}

std::string readFile(const std::string& path) {
  std::ifstream file(path);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

struct RecordedRun {
  run::RunReport report;
  std::vector<sim::RecordedEvent> events;
  std::vector<TraceEvent> trace;  // views of `events`
};

// A lesson's text, run on the model with every event recorded.
RecordedRun runLesson(const std::string& text, const std::string& name) {
  scenario::LoadResult loaded = scenario::loadScenarioText(text, name);
  if (!loaded.scenario) qFatal("%s", loaded.error.c_str());
  sim::TraceRecorder recorder;
  run::RunOptions options;
  options.backend = backends::modelBackendFor(*loaded.scenario);
  options.sinks.push_back(&recorder);
  RecordedRun run{.report = run::runScenario(*loaded.scenario, options),
                  .events = recorder.events(),
                  .trace = {}};
  for (const sim::RecordedEvent& event : run.events) run.trace.push_back(event.view());
  return run;
}

// The paused-holder lesson, with a third client c3 that starts after c2 when `thirdClient`.
RecordedRun runPausedHolder(bool thirdClient) {
  std::string text = readFile(LOCKSCOPE_SOURCE_DIR "/scenarios/zookeeper/paused-holder.yaml");
  if (thirdClient) {
    const std::string c2 = "  - name: c2\n    start_ms: 20\n";
    const size_t at = text.find(c2);
    if (at == std::string::npos) qFatal("paused-holder.yaml no longer lists c2 as expected");
    text.insert(at + c2.size(), "  - name: c3\n    start_ms: 40\n");
  }
  return runLesson(text, "paused-holder.yaml");
}

const checkers::Violation* findViolation(const run::RunReport& report, const std::string& kind,
                                         const std::vector<std::string>& clients) {
  for (const checkers::Violation& violation : report.verdict.violations) {
    if (violation.kind == kind && violation.clients == clients) return &violation;
  }
  return nullptr;
}

// The lesson's mutual exclusion (c1 and c2 held the lock at once), if the run has it, and its
// slice.
struct OverlapSlice {
  const checkers::Violation* overlap;
  checkers::CausalSlice slice;
};

OverlapSlice overlapSlice(const RecordedRun& run) {
  const checkers::Violation* overlap = findViolation(run.report, "mutual_exclusion", {"c1", "c2"});
  return {overlap, overlap ? checkers::causalSlice(run.trace, *overlap) : checkers::CausalSlice{}};
}

}  // namespace

class TestCausalSlice : public QObject {
  Q_OBJECT

 private slots:
  void anotherClientsEventsStayOut() {
    using sim::ZooKeeperOp;
    const std::vector<TraceEvent> trace = {
        request(10, "c1", ZooKeeperOp::Create, "/lock/a", kSession1, 1),   // 0
        request(11, "c2", ZooKeeperOp::Create, "/lock/b", kSession2, 1),   // 1
        serverEvent(12, TraceKind::NodeCreated, "/lock/a", kSession1, 5),  // 2
        serverEvent(13, TraceKind::NodeCreated, "/lock/b", kSession2, 6),  // 3
        reply(14, "c1", ZooKeeperOp::Create, "/lock/a", kSession1, 5, 1),  // 4
        reply(15, "c2", ZooKeeperOp::Create, "/lock/b", kSession2, 6, 1),  // 5
        acquired(16, "c1"),                                                // 6
        acquired(17, "c2"),                                                // 7
    };
    const checkers::CausalSlice slice = checkers::causalSlice(trace,
                                                              violationOf("stuck", 16, {"c1"}));
    // c1's request, the server's create it caused, its reply and its grant; nothing of c2's.
    QCOMPARE(slice.events, (std::vector<size_t>{0, 2, 4, 6}));
    QCOMPARE(slice.traceSize, trace.size());
  }

  void aReplyDependsOnItsRequestAndTheWriteItMade() {
    using sim::ZooKeeperOp;
    const std::vector<TraceEvent> trace = {
        request(10, "c1", ZooKeeperOp::Create, "/lock/a", kSession1, 7),   // 0
        serverEvent(11, TraceKind::NodeCreated, "/lock/b", kSession2, 4),  // 1: another's write
        serverEvent(12, TraceKind::NodeCreated, "/lock/a", kSession1, 5),  // 2
        reply(14, "c1", ZooKeeperOp::Create, "/lock/a", kSession1, 5, 7),  // 3
    };
    const checkers::CausalSlice slice = checkers::causalSlice(
        trace, {.kind = "lost_update", .time = 14, .until = 0, .clients = {"c1"}, .detail = {}});
    QCOMPARE(slice.events, (std::vector<size_t>{0, 2, 3}));
    // A read's reply carries the server's last zxid, of a write to another path: no edge.
    std::vector<TraceEvent> read = trace;
    read[0].op = read[3].op = ZooKeeperOp::GetChildren;
    read[0].path = read[3].path = "/lock";
    read[2].path = "/lock/c";
    QCOMPARE(checkers::causalSlice(read, violationOf("stuck", 14, {"c1"})).events,
             (std::vector<size_t>{0, 3}));
  }

  void aNotificationPullsInTheWriteAndTheWritersPast() {
    using sim::ZooKeeperOp;
    const std::vector<TraceEvent> trace = {
        {.time = 5, .kind = TraceKind::Resource, .actor = "c1", .op = sim::ResourceOp::Write},  // 0
        request(6, "c2", ZooKeeperOp::GetData, "/lock/a", kSession2, 3),                        // 1
        {.time = 7,
         .kind = TraceKind::WatchSet,
         .actor = "server",
         .op = sim::WatchOp::Data,
         .path = "/lock/a",
         .session = kSession2},                                                          // 2
        reply(8, "c2", ZooKeeperOp::GetData, "/lock/a", kSession2, 5, 3),                // 3
        {.time = 9, .kind = TraceKind::Note, .actor = "c3", .detail = "unrelated"},      // 4
        request(10, "c1", ZooKeeperOp::Delete, "/lock/a", kSession1, 4),                 // 5
        serverEvent(11, TraceKind::NodeDeleted, "/lock/a", 0, 8),                        // 6
        serverEvent(11, TraceKind::WatchFired, "/lock/a", kSession2, 0, "NodeDeleted"),  // 7
        reply(12, "c1", ZooKeeperOp::Delete, "/lock/a", kSession1, 8, 4),                // 8
        {.time = 13,
         .kind = TraceKind::WatchDelivered,
         .actor = "c2",
         .path = "/lock/a",
         .value = "NodeDeleted",
         .session = kSession2},  // 9
        acquired(14, "c2"),      // 10
    };
    const checkers::CausalSlice slice = checkers::causalSlice(
        trace, violationOf("mutual_exclusion", 14, {"c2"}));
    // The deletion and c1's earlier write are in; c3's note and c1's later reply are not.
    QCOMPARE(slice.events, (std::vector<size_t>{0, 1, 2, 3, 5, 6, 7, 9, 10}));
  }

  void thePausedHoldersSliceHoldsThePauseAndTheExpiry() {
    const RecordedRun run = runPausedHolder(false);
    const auto [overlap, slice] = overlapSlice(run);
    QVERIFY(overlap);
    bool pause = false, expiry = false, secondGrant = false;
    for (size_t index : slice.events) {
      const TraceEvent& event = run.trace[index];
      pause |= event.kind == TraceKind::Fault && event.actor == "c1" &&
               event.op == sim::FaultKind::Pause;
      expiry |= event.kind == TraceKind::SessionState && event.actor == "server" &&
                event.op == sim::SessionOp::Expired;
      secondGrant |= event.kind == TraceKind::Lock && event.actor == "c2" &&
                     event.op == sim::LockOp::Acquired;
      // Nothing after the moment the overlap began.
      QVERIFY(event.time <= overlap->time);
    }
    QVERIFY(pause);
    QVERIFY(expiry);
    QVERIFY(secondGrant);
    // The setup that made /lock before the clients started is not a cause; c2's release, after
    // the overlap began, is not either.
    for (size_t index : slice.events) {
      QVERIFY(run.trace[index].actor != "setup");
      QVERIFY(!(run.trace[index].actor == "c2" && run.trace[index].op == sim::ZooKeeperOp::Delete));
    }
    const std::string summary = checkers::sliceSummary(run.trace, slice, run.report.origin);
    QVERIFY2(summary.starts_with("the violation depends on " + std::to_string(slice.events.size()) +
                                 " of " + std::to_string(run.trace.size()) + " events: "),
             summary.c_str());
    QVERIFY2(summary.find("pause c1 at 100.0 ms") != std::string::npos, summary.c_str());
    QVERIFY2(summary.find("c1's session expired") != std::string::npos, summary.c_str());
  }

  void aThirdClientsEventsStayOutOfThePausedHoldersSlice() {
    const RecordedRun run = runPausedHolder(true);
    const auto [overlap, slice] = overlapSlice(run);
    QVERIFY(overlap);
    size_t thirdsEvents = 0;
    for (const TraceEvent& event : run.trace) thirdsEvents += event.actor == "c3" ? 1 : 0;
    QVERIFY(thirdsEvents > 0);
    for (size_t index : slice.events) QVERIFY(run.trace[index].actor != "c3");
    // The lost update is c3's now (c1's stale write replaced c3's): both writes and the pause are
    // in its slice, and so is c2's hold, which c3 waited for.
    const checkers::Violation* lost = findViolation(run.report, "lost_update", {"c1", "c3"});
    QVERIFY(lost);
    std::set<std::string_view> writers;
    bool pause = false;
    for (size_t index : checkers::causalSlice(run.trace, *lost).events) {
      const TraceEvent& event = run.trace[index];
      if (event.kind == TraceKind::Resource && event.op == sim::ResourceOp::Write)
        writers.insert(event.actor);
      pause |= event.kind == TraceKind::Fault && event.op == sim::FaultKind::Pause;
    }
    QCOMPARE(writers, (std::set<std::string_view>{"c1", "c2", "c3"}));
    QVERIFY(pause);
  }

  // Redis: c2's SET lands on the promoted replica (clients still name the master); the failover
  // that promoted it, not any write of c1's on the replica, is what let it in.
  void aFailoverIsInTheSliceOfTheOverlapItCaused() {
    const RecordedRun run = runLesson(
        readFile(LOCKSCOPE_SOURCE_DIR "/scenarios/redis/failover-async-replication.yaml"),
        "failover-async-replication.yaml");
    const auto [overlap, slice] = overlapSlice(run);
    QVERIFY(overlap);
    bool failover = false, replicaWrite = false;
    for (size_t index : slice.events) {
      const TraceEvent& event = run.trace[index];
      failover |= event.kind == TraceKind::Fault && event.op == sim::FaultKind::Failover;
      replicaWrite |= event.kind == TraceKind::KeyChanged && event.actor == "redis-1-r1";
    }
    QVERIFY(failover);
    QVERIFY(replicaWrite);
  }

  // `lockscope-cli run --slice`: the JSON report's slices are the algorithm's, by trace index; the
  // text report lists each slice under its summary.
  void theCliReportsEachViolationsSlice() {
    const RecordedRun run = runPausedHolder(false);
    const QString lesson = QStringLiteral(LOCKSCOPE_SOURCE_DIR
                                          "/scenarios/zookeeper/paused-holder.yaml");
    QProcess json;
    json.start(
        QStringLiteral(LOCKSCOPE_CLI_PATH),
        {QStringLiteral("run"), lesson, QStringLiteral("--slice"), QStringLiteral("--json")});
    QVERIFY(json.waitForFinished(60'000));
    QCOMPARE(json.exitCode(), 0);
    const QJsonArray violations =
        QJsonDocument::fromJson(json.readAllStandardOutput()).object()["violations"].toArray();
    QCOMPARE(static_cast<size_t>(violations.size()), run.report.verdict.violations.size());
    for (qsizetype index = 0; index < violations.size(); ++index) {
      std::vector<size_t> reported;
      for (const QJsonValue& event : violations[index].toObject()["slice"].toArray())
        reported.push_back(static_cast<size_t>(event.toInteger()));
      const checkers::Violation& violation =
          run.report.verdict.violations[static_cast<size_t>(index)];
      QCOMPARE(reported, checkers::causalSlice(run.trace, violation).events);
    }
    QProcess text;
    text.start(QStringLiteral(LOCKSCOPE_CLI_PATH),
               {QStringLiteral("run"), lesson, QStringLiteral("--slice")});
    QVERIFY(text.waitForFinished(60'000));
    QCOMPARE(text.exitCode(), 0);
    const QString out = QString::fromUtf8(text.readAllStandardOutput());
    const auto [overlap, slice] = overlapSlice(run);
    QVERIFY(overlap);
    const QString summary = QString::fromStdString(
        "  slice of mutual_exclusion: " +
        checkers::sliceSummary(run.trace, slice, run.report.origin) + "\n");
    QVERIFY2(out.contains(summary), qPrintable(out));
    QVERIFY(out.contains(QStringLiteral("100.0 ms  c1  fault pause\n")));
  }

  void aViolationOfUnknownClientsHasAnEmptySlice() {
    const std::vector<TraceEvent> trace = {acquired(1, "c1")};
    QVERIFY(checkers::causalSlice(trace, violationOf("stuck", 1, {"nobody"})).events.empty());
  }
};

QTEST_GUILESS_MAIN(TestCausalSlice)
#include "tst_causal_slice.moc"
