// Goal: the checkers judge a run exactly as run_verdict.h and the checkers' headers say, from the
// trace alone: mutual exclusion (nested holds, readers and writers, a crash ends a hold, a paused
// holder whose session expired still holds, one report per overlap), lost updates (a fenced-off
// write is none), FIFO grants (timed-out, crashed and expired waiters do not count, readers pass
// readers), stuck clients and deadlock, leaked watches (fired, expired, resumed and re-armed), and
// every metric.
//
// Method: hand-written event sequences, in the shape the producers write them (lock_client.cpp,
// protected_resource.cpp, process.cpp, zookeeper_server.cpp, client_session.cpp), fed to a RunJudge
// one by one; each violation is rendered as "kind time..until clients" and the whole list is
// compared, so nothing extra may appear.
#include <QTest>

#include <algorithm>
#include <deque>
#include <map>
#include <string>

#include "sim/checkers/latency_stats.h"
#include "sim/checkers/run_judge.h"

using lockscope::checkers::JudgeOptions;
using lockscope::checkers::LatencyStats;
using lockscope::checkers::RunJudge;
using lockscope::checkers::RunVerdict;
using lockscope::checkers::Violation;
using lockscope::sim::Micros;
using lockscope::sim::TraceEvent;
using lockscope::sim::TraceKind;
namespace sim = lockscope::sim;

namespace {

constexpr int64_t kSessionA = 101, kSessionB = 102, kSessionC = 103;

// Builds events the way the producers do and feeds them to a judge; keeps the strings alive.
class Feed {
 public:
  explicit Feed(JudgeOptions options = {}) : judge_(options) {}

  Feed& lock(Micros t, std::string_view client, sim::LockOp op, std::string_view node = {},
             std::string_view mode = "exclusive") {
    return send({.time = t,
                 .kind = TraceKind::Lock,
                 .actor = client,
                 .op = op,
                 .path = node,
                 .value = op == sim::LockOp::Done ? std::string_view() : mode});
  }
  Feed& process(Micros t, std::string_view client, sim::ProcessOp state) {
    return send({.time = t, .kind = TraceKind::Process, .actor = client, .op = state});
  }
  Feed& resource(Micros t, std::string_view client, sim::ResourceOp op, int64_t value,
                 std::string_view counter = {}) {
    return send({.time = t,
                 .kind = TraceKind::Resource,
                 .actor = client,
                 .op = op,
                 .path = counter,
                 .value = keep(std::to_string(value))});
  }
  // The server's view of a session: created (naming its client), expired, closed, resumed.
  Feed& session(Micros t, sim::SessionOp op, int64_t id, std::string_view client = {}) {
    return send({.time = t,
                 .kind = TraceKind::SessionState,
                 .actor = "server",
                 .op = op,
                 .value = op == sim::SessionOp::Created ? client : std::string_view(),
                 .session = id});
  }
  Feed& nodeCreated(Micros t, std::string_view path, int64_t owner) {
    return send({.time = t,
                 .kind = TraceKind::NodeCreated,
                 .actor = "server",
                 .path = path,
                 .value = owner ? "EPHEMERAL_SEQUENTIAL" : "PERSISTENT_SEQUENTIAL",
                 .session = owner});
  }
  Feed& nodeDeleted(Micros t, std::string_view path) {
    return send({.time = t, .kind = TraceKind::NodeDeleted, .actor = "server", .path = path});
  }
  Feed& createReply(Micros t, std::string_view client, std::string_view created) {
    return send({.time = t,
                 .kind = TraceKind::Reply,
                 .actor = client,
                 .op = sim::ZooKeeperOp::Create,
                 .path = "/lock/lock-",
                 .rc = "OK",
                 .value = created});
  }
  Feed& watchSet(Micros t, sim::WatchOp kind, std::string_view path, int64_t id,
                 std::string_view detail = {}) {
    return send({.time = t,
                 .kind = TraceKind::WatchSet,
                 .actor = "server",
                 .op = kind,
                 .path = path,
                 .detail = detail,
                 .session = id});
  }
  Feed& watchFired(Micros t, std::string_view path, std::string_view type, int64_t id) {
    return send({.time = t,
                 .kind = TraceKind::WatchFired,
                 .actor = "server",
                 .path = path,
                 .value = type,
                 .session = id});
  }
  // removeWatches took a watch out of one of the server's two tables.
  Feed& watchRemoved(Micros t, sim::WatchOp table, std::string_view path, int64_t id) {
    return send({.time = t,
                 .kind = TraceKind::WatchRemoved,
                 .actor = "server",
                 .op = table,
                 .path = path,
                 .session = id});
  }
  // What a client's cache holds now (sim/recipes/watching_recipe.h).
  Feed& cache(Micros t, std::string_view client, std::string_view path, int64_t version) {
    return send({.time = t,
                 .kind = TraceKind::Note,
                 .actor = client,
                 .op = sim::NoteOp::Cache,
                 .path = path,
                 .value = keep(std::to_string(version)),
                 .request = version});
  }
  Feed& request(Micros t, std::string_view client, sim::ZooKeeperOp op) {
    return send(
        {.time = t, .kind = TraceKind::Request, .actor = client, .op = op, .path = "/lock"});
  }
  Feed& delivered(Micros t, std::string_view client, std::string_view path) {
    return send({.time = t,
                 .kind = TraceKind::WatchDelivered,
                 .actor = client,
                 .path = path,
                 .value = "NodeDeleted"});
  }
  // A whole hold: acquired at `from`, releasing at `to`, released 5 us later.
  Feed& hold(std::string_view client, Micros from, Micros to, std::string_view mode = "exclusive") {
    return lock(from, client, sim::LockOp::Acquired, {}, mode)
        .lock(to, client, sim::LockOp::Releasing, {}, mode)
        .lock(to + 5, client, sim::LockOp::Released, {}, mode);
  }

  // A database's lock wait and a deadlock's victim, as the model writes them.
  Feed& rowLock(Micros t, std::string_view client, sim::RowLockOp op,
                std::string_view detail = {}) {
    return send({.time = t,
                 .kind = TraceKind::RowLock,
                 .actor = client,
                 .op = op,
                 .path = "inventory/1",
                 .value = "update",
                 .detail = detail});
  }
  Feed& statementReply(Micros t, std::string_view client, std::string_view rc) {
    return send({.time = t,
                 .kind = TraceKind::Reply,
                 .actor = client,
                 .op = sim::SqlOp::InventorySelect,
                 .rc = rc});
  }
  RunVerdict finish(Micros end) { return judge_.finish(end); }

 private:
  Feed& send(const TraceEvent& event) {
    judge_.onEvent(event);
    return *this;
  }
  std::string_view keep(std::string text) { return strings_.emplace_back(std::move(text)); }

  RunJudge judge_;
  std::deque<std::string> strings_;
};

QString render(const Violation& v) {
  QString clients;
  for (const std::string& client : v.clients) {
    if (!clients.isEmpty()) clients += ',';
    clients += QString::fromStdString(client);
  }
  return QStringLiteral("%1 %2..%3 %4")
      .arg(QString::fromStdString(v.kind))
      .arg(v.time)
      .arg(v.until)
      .arg(clients);
}

QStringList render(const RunVerdict& verdict) {
  QStringList out;
  for (const Violation& v : verdict.violations) out << render(v);
  return out;
}

QStringList render(const RunVerdict& verdict, const std::string& kind) {
  QStringList out;
  for (const Violation& v : verdict.violations) {
    if (v.kind == kind) out << render(v);
  }
  return out;
}

const Violation& firstOf(const RunVerdict& verdict, const std::string& kind) {
  for (const Violation& v : verdict.violations) {
    if (v.kind == kind) return v;
  }
  static const Violation none;
  return none;
}

double metric(const RunVerdict& verdict, const char* name) {
  const auto it = verdict.metrics.find(name);
  if (it == verdict.metrics.end()) {
    qWarning("metric %s missing", name);
    return -1;
  }
  return it->second;
}

// The metrics that differ from `expected`, as "name: got X, want Y"; empty when all match.
QStringList metricsDiffering(const RunVerdict& verdict,
                             const std::map<std::string, double>& expected) {
  QStringList differing;
  for (const auto& [name, want] : expected) {
    const double got = metric(verdict, name.c_str());
    if (got == want) continue;
    differing << QStringLiteral("%1: got %2, want %3")
                     .arg(QString::fromStdString(name))
                     .arg(got)
                     .arg(want);
  }
  return differing;
}

const JudgeOptions kUnfair{.fairRecipe = false};

}  // namespace

class CheckersTest : public QObject {
  Q_OBJECT

 private slots:
  // A deadlock the database broke: from when the cycle closed until the victim's error, naming
  // the cycle's clients (the model says who) or the victim alone (a live trace).
  void deadlockVictimIsAWaitCycle() {
    Feed feed;
    feed.rowLock(10, "c1", sim::RowLockOp::Waiting, "behind c2")
        .rowLock(30, "c2", sim::RowLockOp::Waiting, "behind c1")
        .rowLock(1030, "c1", sim::RowLockOp::Victim, "cycle c1 -> c2 -> c1")
        .statementReply(1032, "c1", "deadlock");
    const RunVerdict verdict = feed.finish(2000);
    QCOMPARE(verdict.count("wait_cycle"), size_t{1});
    const Violation& cycle = verdict.violations.front();
    QCOMPARE(cycle.time, Micros{30});
    QCOMPARE(cycle.until, Micros{1032});
    QCOMPARE(cycle.clients, (std::vector<std::string>{"c1", "c2"}));
    QCOMPARE(verdict.metric(lockscope::checkers::Metric::DeadlockVictims), 1.0);
  }
  void liveDeadlockNamesTheVictimAlone() {
    Feed feed;
    feed.statementReply(500, "c2", "deadlock");
    const RunVerdict verdict = feed.finish(1000);
    QCOMPARE(verdict.count("wait_cycle"), size_t{1});
    QCOMPARE(verdict.violations.front().clients, (std::vector<std::string>{"c2"}));
  }
  // Waits that end in a grant, a lock timeout or another error are no deadlock.
  void lockWaitsWithoutAVictimAreNoWaitCycle() {
    Feed feed;
    feed.rowLock(10, "c1", sim::RowLockOp::Waiting, "behind c2")
        .rowLock(50, "c1", sim::RowLockOp::Granted)
        .rowLock(60, "c3", sim::RowLockOp::Waiting, "behind c1")
        .rowLock(1060, "c3", sim::RowLockOp::TimedOut)
        .statementReply(1062, "c3", "lock_timeout");
    const RunVerdict verdict = feed.finish(2000);
    QCOMPARE(verdict.count("wait_cycle"), size_t{0});
    QCOMPARE(verdict.metric(lockscope::checkers::Metric::DeadlockVictims), 0.0);
  }
  // --- mutual exclusion ---

  void handoffBeforeReleasedIsNoOverlap() {
    // B is granted after A started releasing but before A heard back: no overlap.
    Feed feed;
    feed.lock(10, "A", sim::LockOp::Acquired)
        .lock(20, "A", sim::LockOp::Releasing)
        .lock(25, "B", sim::LockOp::Acquired)
        .lock(30, "A", sim::LockOp::Released)
        .hold("B", 35, 40);
    const RunVerdict verdict = feed.finish(100);
    QCOMPARE(render(verdict), QStringList{});
    QCOMPARE(metric(verdict, "max_holders"), 1.0);
  }

  void twoWritersOverlap() {
    Feed feed;
    feed.lock(10, "B", sim::LockOp::Acquired)
        .lock(20, "A", sim::LockOp::Acquired)
        .lock(30, "B", sim::LockOp::Releasing)
        .lock(40, "A", sim::LockOp::Releasing);
    const RunVerdict verdict = feed.finish(100);
    QCOMPARE(render(verdict), QStringList{"mutual_exclusion 20..30 A,B"});
    QCOMPARE(verdict.violations[0].detail,
             std::string("A (exclusive), B (exclusive) held the lock at once"));
    QCOMPARE(verdict.count("mutual_exclusion"), size_t{1});
    QCOMPARE(metric(verdict, "max_holders"), 2.0);
  }

  void nestedHoldLastsUntilItsCountIsZero() {
    Feed feed;
    feed.lock(10, "A", sim::LockOp::Acquired)
        .lock(15, "A", sim::LockOp::Acquired)  // count 2
        .lock(20, "A", sim::LockOp::Releasing)
        .lock(21, "A", sim::LockOp::Released)  // count 1: still holds
        .lock(25, "B", sim::LockOp::Acquired)
        .lock(30, "A", sim::LockOp::Releasing)
        .lock(31, "A", sim::LockOp::Released)  // count 0
        .lock(40, "B", sim::LockOp::Releasing);
    const RunVerdict verdict = feed.finish(100);
    QCOMPARE(render(verdict), QStringList{"mutual_exclusion 25..30 A,B"});
    QCOMPARE(metric(verdict, "acquisitions"), 3.0);
    QCOMPARE(metric(verdict, "releases"), 2.0);
  }

  void readersShareAndAWriterSplitsOverlapsBySet() {
    Feed feed;
    feed.lock(10, "R1", sim::LockOp::Acquired, {}, "read")
        .lock(12, "R2", sim::LockOp::Acquired, {}, "read")
        .lock(15, "W", sim::LockOp::Acquired, {}, "write")
        .lock(20, "R1", sim::LockOp::Releasing, {}, "read")  // the set changes: {R1,R2,W} -> {R2,W}
        .lock(25, "R2", sim::LockOp::Releasing, {}, "read")  // W alone: over
        .lock(30, "W", sim::LockOp::Releasing, {}, "write")
        .lock(40, "R1", sim::LockOp::Acquired, {}, "read")
        .lock(41, "R2", sim::LockOp::Acquired, {}, "read");
    const RunVerdict verdict = feed.finish(100);
    QCOMPARE(render(verdict),
             (QStringList{"mutual_exclusion 15..20 R1,R2,W", "mutual_exclusion 20..25 R2,W"}));
    QCOMPARE(verdict.violations[1].detail,
             std::string("R2 (read), W (write) held the lock at once"));
    QCOMPARE(metric(verdict, "max_holders"), 3.0);
  }

  void downgradeAndMismatchedReleaseMode() {
    // W holds write, takes read too (downgrade), lets go of write: a reader may join. A round
    // abandoned in read mode releases as "exclusive": it still ends the read hold.
    Feed feed;
    feed.lock(10, "W", sim::LockOp::Acquired, {}, "write")
        .lock(12, "W", sim::LockOp::Acquired, {}, "read")
        .lock(14, "W", sim::LockOp::Releasing, {}, "write")
        .lock(16, "R", sim::LockOp::Acquired, {}, "read")
        .lock(20, "W", sim::LockOp::Releasing, {}, "exclusive")
        .lock(22, "R", sim::LockOp::Releasing, {}, "exclusive")
        .lock(30, "X", sim::LockOp::Acquired);
    QCOMPARE(render(feed.finish(100)), QStringList{});
  }

  void releasedWithoutReleasingEndsTheHold() {
    Feed feed;
    feed.lock(10, "A", sim::LockOp::Acquired)
        .lock(20, "A", sim::LockOp::Released)
        .lock(30, "B", sim::LockOp::Acquired);
    QCOMPARE(render(feed.finish(100)), QStringList{});
  }

  void crashEndsAHold() {
    Feed feed;
    feed.lock(10, "A", sim::LockOp::Acquired)
        .lock(15, "B", sim::LockOp::Acquired)
        .process(18, "A", sim::ProcessOp::Crashed)
        .process(50, "A", sim::ProcessOp::Restarted)
        .lock(60, "A", sim::LockOp::Acquired);
    const RunVerdict verdict = feed.finish(100);
    QCOMPARE(render(verdict),
             (QStringList{"mutual_exclusion 15..18 A,B", "mutual_exclusion 60..0 A,B"}));
    QVERIFY(verdict.violations[1].detail.ends_with(", until the end of the run"));
  }

  void pausedHolderWithExpiredSessionStillHolds() {
    // The lesson fencing exists for: A is paused, its session expires and its node goes, B gets
    // the lock; A wakes up believing it holds and writes what it read before the pause.
    Feed feed;
    feed.session(1, sim::SessionOp::Created, kSessionA, "A")
        .session(2, sim::SessionOp::Created, kSessionB, "B")
        .lock(10, "A", sim::LockOp::Acquired)
        .resource(12, "A", sim::ResourceOp::Read, 0)
        .process(20, "A", sim::ProcessOp::Paused)
        .session(30, sim::SessionOp::Expired, kSessionA)
        .nodeDeleted(30, "/lock/lock-0000000000")
        .lock(40, "B", sim::LockOp::Acquired)
        .resource(41, "B", sim::ResourceOp::Read, 0)
        .resource(42, "B", sim::ResourceOp::Write, 1)
        .process(50, "A", sim::ProcessOp::Resumed)
        .resource(55, "A", sim::ResourceOp::Write, 1)
        .lock(60, "A", sim::LockOp::Releasing)
        .lock(70, "B", sim::LockOp::Releasing);
    const RunVerdict verdict = feed.finish(100);
    QCOMPARE(render(verdict),
             (QStringList{"lost_update 12..55 A,B", "mutual_exclusion 40..60 A,B"}));
    QCOMPARE(verdict.violations[0].detail, std::string("A read 0 and wrote 1 over 1 written by B"));
    QCOMPARE(metric(verdict, "lost_updates"), 1.0);
    QCOMPARE(metric(verdict, "resource_writes"), 2.0);
  }

  void sameClientsOverlappingAgainAtOnceIsOneOverlap() {
    Feed feed;
    feed.lock(10, "A", sim::LockOp::Acquired)
        .lock(20, "B", sim::LockOp::Acquired)
        .lock(25, "B", sim::LockOp::Acquired)  // nested: same set, no split
        .lock(30, "A", sim::LockOp::Releasing)
        .lock(30, "A", sim::LockOp::Acquired)  // over and again at one instant
        .lock(40, "A", sim::LockOp::Releasing)
        .lock(50, "A", sim::LockOp::Acquired)
        .lock(60, "A", sim::LockOp::Releasing);  // a later, separate overlap
    const RunVerdict verdict = feed.finish(100);
    QCOMPARE(render(verdict),
             (QStringList{"mutual_exclusion 20..40 A,B", "mutual_exclusion 50..60 A,B"}));
  }

  void zeroLengthOverlapIsReported() {
    // Granted before the old holder started releasing, at the same instant.
    Feed feed;
    feed.lock(10, "A", sim::LockOp::Acquired)
        .lock(20, "B", sim::LockOp::Acquired)
        .lock(20, "A", sim::LockOp::Releasing);
    QCOMPARE(render(feed.finish(100)), QStringList{"mutual_exclusion 20..20 A,B"});
  }

  // --- lost updates ---

  void serialWritesLoseNothing() {
    Feed feed;
    feed.resource(10, "A", sim::ResourceOp::Read, 0)
        .resource(11, "A", sim::ResourceOp::Write, 1)
        .resource(20, "B", sim::ResourceOp::Read, 1)
        .resource(21, "B", sim::ResourceOp::Write, 2)
        .resource(30, "C", sim::ResourceOp::Write,
                  3);  // no read on record: based on 2, which is current
    const RunVerdict verdict = feed.finish(100);
    QCOMPARE(render(verdict), QStringList{});
    QCOMPARE(metric(verdict, "resource_writes"), 3.0);
    QCOMPARE(metric(verdict, "lost_updates"), 0.0);
  }

  void interleavedWritesLoseOne() {
    Feed feed;
    feed.resource(10, "A", sim::ResourceOp::Read, 0)
        .resource(12, "B", sim::ResourceOp::Read, 0)
        .resource(14, "B", sim::ResourceOp::Write, 1)
        .resource(16, "A", sim::ResourceOp::Write, 1)
        .resource(18, "A", sim::ResourceOp::Write,
                  1);  // A again over its own value: nobody's work lost
    const RunVerdict verdict = feed.finish(100);
    QCOMPARE(render(verdict), QStringList{"lost_update 10..16 A,B"});
    QCOMPARE(metric(verdict, "lost_updates"), 1.0);
  }

  void rejectedWriteIsNoLostUpdate() {
    Feed feed;
    feed.resource(10, "A", sim::ResourceOp::Read, 0)
        .resource(12, "B", sim::ResourceOp::Read, 0)
        .resource(14, "B", sim::ResourceOp::Write, 1)
        .resource(16, "A", sim::ResourceOp::Rejected, 1)
        .resource(20, "C", sim::ResourceOp::Read, 1)
        .resource(21, "C", sim::ResourceOp::Write, 2);
    const RunVerdict verdict = feed.finish(100);
    QCOMPARE(render(verdict), QStringList{});
    QCOMPARE(metricsDiffering(
                 verdict, {{"rejected_writes", 1}, {"resource_writes", 2}, {"lost_updates", 0}}),
             QStringList{});
  }

  // Issue 11 (multilock-partial): clients that lock different paths hold at once without
  // excluding each other, and work on different counters; clients that share a path still do.
  void differentLockPathsAreJudgedApart() {
    JudgeOptions options;
    options.lockPathsOfClient = {{"A", {"/a", "/b"}}, {"B", {"/b"}}, {"C", {"/a"}}};
    Feed feed(options);
    feed.lock(10, "B", sim::LockOp::Acquired)
        .resource(11, "B", sim::ResourceOp::Read, 0, "/b")
        .lock(20, "C", sim::LockOp::Acquired)
        .resource(21, "C", sim::ResourceOp::Read, 0, "/a")
        .resource(30, "C", sim::ResourceOp::Write, 1, "/a")
        .lock(30, "C", sim::LockOp::Releasing)
        .lock(31, "C", sim::LockOp::Released)
        .resource(40, "B", sim::ResourceOp::Write, 1, "/b")
        .lock(40, "B", sim::LockOp::Releasing)
        .lock(41, "B", sim::LockOp::Released);
    QCOMPARE(render(feed.finish(100)), QStringList{});

    Feed sharing(
        options);  // A takes /a and /b while C holds /a: an overlap on /a, and a lost update
    sharing.lock(10, "C", sim::LockOp::Acquired)
        .resource(11, "C", sim::ResourceOp::Read, 0, "/a")
        .lock(20, "A", sim::LockOp::Acquired)
        .resource(21, "A", sim::ResourceOp::Read, 0, "/a")
        .resource(21, "A", sim::ResourceOp::Read, 0, "/b")
        .resource(25, "A", sim::ResourceOp::Write, 1, "/a")
        .resource(25, "A", sim::ResourceOp::Write, 1, "/b")
        .resource(30, "C", sim::ResourceOp::Write, 1, "/a")
        .lock(30, "C", sim::LockOp::Releasing)
        .lock(40, "A", sim::LockOp::Releasing);
    QCOMPARE(render(sharing.finish(100)),
             (QStringList{"lost_update 11..30 A,C", "mutual_exclusion 20..30 A,C"}));
  }

  // --- FIFO ---

  void grantsInSequenceOrder() {
    Feed feed;
    queueABC(feed);
    feed.lock(20, "A", sim::LockOp::Acquired, "/lock/lock-0000000000")
        .lock(30, "A", sim::LockOp::Releasing)
        .nodeDeleted(31, "/lock/lock-0000000000")
        .lock(40, "B", sim::LockOp::Acquired, "/lock/lock-0000000001")
        .lock(50, "B", sim::LockOp::Releasing)
        .nodeDeleted(51, "/lock/lock-0000000001")
        .lock(60, "C", sim::LockOp::Acquired, "/lock/lock-0000000002");
    QCOMPARE(render(feed.finish(100)), QStringList{});
  }

  void grantJumpingALiveWaiter() {
    Feed feed;
    queueABC(feed);
    feed.lock(20, "C", sim::LockOp::Acquired, "/lock/lock-0000000002");
    const RunVerdict verdict = feed.finish(100);
    QCOMPARE(render(verdict, "fifo"), QStringList{"fifo 20..0 A,C"});
    QCOMPARE(firstOf(verdict, "fifo").detail,
             std::string("/lock/lock-0000000002 granted to C while /lock/lock-0000000000 of A "
                         "(waiting since 3 us) was earlier in line, and 1 more"));
  }

  void timedOutCrashedAndExpiredWaitersDoNotCount() {
    // A holds; B times out (its node stays: the delete failed), C crashes, D's session expires
    // (the node delete comes later); then E, last in line, is granted.
    Feed feed;
    feed.session(1, sim::SessionOp::Created, kSessionA, "A")
        .session(1, sim::SessionOp::Created, kSessionB, "B")
        .session(1, sim::SessionOp::Created, kSessionC, "C")
        .session(1, sim::SessionOp::Created, 104, "D")
        .session(1, sim::SessionOp::Created, 105, "E");
    const char* names[] = {"A", "B", "C", "D", "E"};
    const char* nodes[] = {"/lock/lock-0000000000", "/lock/lock-0000000001",
                           "/lock/lock-0000000002", "/lock/lock-0000000003",
                           "/lock/lock-0000000004"};
    for (int i = 0; i < 5; ++i) {
      feed.lock(2 + i, names[i], sim::LockOp::Acquiring).nodeCreated(2 + i, nodes[i], 101 + i);
    }
    feed.lock(10, "A", sim::LockOp::Acquired, nodes[0])
        .lock(20, "B", sim::LockOp::TimedOut, nodes[1])
        .process(21, "C", sim::ProcessOp::Crashed)
        .session(22, sim::SessionOp::Expired, 104)
        .lock(30, "A", sim::LockOp::Releasing)
        .nodeDeleted(31, nodes[0])
        .lock(40, "E", sim::LockOp::Acquired, nodes[4]);
    QCOMPARE(render(feed.finish(100), "fifo"), QStringList{});
  }

  void pausedWaiterStillCounts() {
    Feed feed;
    queueABC(feed);
    feed.process(10, "A", sim::ProcessOp::Paused)
        .lock(20, "B", sim::LockOp::Acquired, "/lock/lock-0000000001");
    QCOMPARE(render(feed.finish(100), "fifo"), QStringList{"fifo 20..0 A,B"});
  }

  void nestedGrantIsNotJudgedAgain() {
    Feed feed;
    queueABC(feed);
    feed.lock(20, "B", sim::LockOp::Acquired, "/lock/lock-0000000001")
        .lock(25, "B", sim::LockOp::Acquiring)
        .lock(26, "B", sim::LockOp::Acquired, "/lock/lock-0000000001");
    QCOMPARE(render(feed.finish(100), "fifo"), QStringList{"fifo 20..0 A,B"});
  }

  void readersPassReadersButNotWriters() {
    Feed feed;
    feed.lock(1, "R1", sim::LockOp::Acquiring, {}, "read")
        .createReply(2, "R1", "/rw/read-0000000000")
        .lock(3, "R2", sim::LockOp::Acquiring, {}, "read")
        .createReply(4, "R2", "/rw/read-0000000001")
        .lock(5, "W", sim::LockOp::Acquiring, {}, "write")
        .createReply(6, "W", "/rw/write-0000000002")
        .lock(7, "R3", sim::LockOp::Acquiring, {}, "read")
        .createReply(8, "R3", "/rw/read-0000000003")
        .lock(10, "R2", sim::LockOp::Acquired, "/rw/read-0000000001", "read")  // passes R1: fine
        .lock(11, "R1", sim::LockOp::Acquired, "/rw/read-0000000000", "read")
        .lock(12, "R3", sim::LockOp::Acquired, "/rw/read-0000000003", "read");  // jumps W
    QCOMPARE(render(feed.finish(100), "fifo"), QStringList{"fifo 12..0 R3,W"});
  }

  void otherParentsAndUnfairRecipesAreNotJudged() {
    Feed other;
    other.lock(1, "A", sim::LockOp::Acquiring)
        .createReply(2, "A", "/other/lock-0000000000")
        .lock(3, "B", sim::LockOp::Acquiring)
        .createReply(4, "B", "/lock/lock-0000000005")
        .lock(5, "B", sim::LockOp::Acquired, "/lock/lock-0000000005");
    QCOMPARE(render(other.finish(100)), (QStringList{"stuck 1..0 A"}));

    Feed unfair(kUnfair);
    queueABC(unfair);
    unfair.lock(20, "C", sim::LockOp::Acquired, "/lock/lock-0000000002");
    QCOMPARE(render(unfair.finish(100), "fifo"), QStringList{});
  }

  // --- stuck clients and deadlock ---

  void waiterBehindALiveHolderIsStuckNotDeadlocked() {
    Feed feed;
    feed.lock(10, "A", sim::LockOp::Acquired)
        .lock(20, "B", sim::LockOp::Acquiring)
        .lock(25, "C", sim::LockOp::Acquiring)
        .process(26, "C", sim::ProcessOp::Paused)
        .lock(30, "D", sim::LockOp::Acquiring)
        .lock(35, "D", sim::LockOp::TimedOut)
        .lock(40, "E", sim::LockOp::Acquiring)
        .process(45, "E", sim::ProcessOp::Crashed);
    const RunVerdict verdict = feed.finish(100);
    QCOMPARE(render(verdict), (QStringList{"stuck 20..0 B", "stuck 25..0 C"}));
    QCOMPARE(verdict.stuckClients, (std::vector<std::string>{"B", "C"}));
    QCOMPARE(
        verdict.violations[1].detail,
        std::string("C was still acquiring when the run ended, after 75 us (its process paused)"));
    QCOMPARE(metric(verdict, "stuck_clients"), 2.0);
    QCOMPARE(metric(verdict, "timeouts"), 1.0);
  }

  void crashedHolderLeavesADeadlock() {
    // zk-persistent: the holder's node outlives it and nobody is ever woken.
    Feed feed;
    feed.lock(10, "A", sim::LockOp::Acquired)
        .lock(20, "B", sim::LockOp::Acquiring)
        .lock(25, "C", sim::LockOp::Acquiring)
        .process(30, "A", sim::ProcessOp::Crashed);
    const RunVerdict verdict = feed.finish(100);
    QCOMPARE(render(verdict),
             (QStringList{"stuck 20..0 B", "stuck 25..0 C", "deadlock 30..0 B,C"}));
    QCOMPARE(metric(verdict, "holder_crashes"), 1.0);
    QCOMPARE(metric(verdict, "recoveries"), 0.0);
  }

  void holderWaitingForItselfIsADeadlock() {
    // zk-semaphore-mutex is not reentrant: a second acquire by the holder blocks forever.
    Feed feed;
    feed.lock(10, "A", sim::LockOp::Acquired)
        .lock(20, "A", sim::LockOp::Acquiring)
        .lock(30, "B", sim::LockOp::Acquiring);
    QCOMPARE(render(feed.finish(100)),
             (QStringList{"stuck 20..0 A", "deadlock 30..0 A,B", "stuck 30..0 B"}));
  }

  void restartedClientIsNotStuck() {
    Feed feed;
    feed.lock(10, "A", sim::LockOp::Acquiring)
        .process(20, "A", sim::ProcessOp::Crashed)
        .process(30, "A", sim::ProcessOp::Restarted)
        .hold("A", 40, 50)
        .lock(60, "A", sim::LockOp::Done);
    QCOMPARE(render(feed.finish(100)), QStringList{});
  }

  // --- leaked watches ---

  void firedWatchesAreDisarmedByKind() {
    Feed feed;
    feed.session(1, sim::SessionOp::Created, kSessionA, "A")
        .session(1, sim::SessionOp::Created, kSessionB, "B")
        .watchSet(10, sim::WatchOp::Child, "/lock", kSessionA)
        .watchSet(11, sim::WatchOp::Data, "/lock", kSessionA)
        .watchFired(12, "/lock", "NodeDataChanged", kSessionA)  // the child watch stays
        .watchSet(13, sim::WatchOp::Exists, "/lock/x", kSessionB)
        .watchFired(14, "/lock/x", "NodeCreated", kSessionB)
        .watchSet(15, sim::WatchOp::Data, "/lock/y", kSessionB)
        .watchSet(15, sim::WatchOp::Child, "/lock/y", kSessionB)
        .watchFired(16, "/lock/y", "NodeDeleted", kSessionB)  // both go
        .watchSet(17, sim::WatchOp::Child, "/lock/z", kSessionA)
        .watchFired(18, "/lock/z", "NodeChildrenChanged", kSessionA)
        .watchSet(19, sim::WatchOp::Exists, "/lock/w", kSessionB)
        .watchFired(20, "/lock/w", "NodeDeleted", kSessionA);  // another session's event
    const RunVerdict verdict = feed.finish(100);
    QCOMPARE(render(verdict), (QStringList{"leaked_watch 10..0 A", "leaked_watch 19..0 B"}));
    QCOMPARE(verdict.violations[0].detail, std::string("child watch on /lock armed by A"));
    QCOMPARE(verdict.violations[1].detail, std::string("exists watch on /lock/w armed by B"));
    QCOMPARE(metric(verdict, "leaked_watches"), 2.0);
  }

  void sessionEndsAndResumesDisarmAndReArmedComeBack() {
    Feed feed;
    feed.session(1, sim::SessionOp::Created, kSessionA, "A")
        .session(1, sim::SessionOp::Created, kSessionB, "B")
        .session(1, sim::SessionOp::Created, kSessionC, "C")
        .watchSet(10, sim::WatchOp::Exists, "/lock/a", kSessionA)
        .watchSet(10, sim::WatchOp::Child, "/lock", kSessionA)
        .watchSet(11, sim::WatchOp::Data, "/lock/b", kSessionB)
        .watchSet(12, sim::WatchOp::Data, "/lock/c", kSessionC)
        .session(20, sim::SessionOp::Expired, kSessionA)
        .session(21, sim::SessionOp::Closed, kSessionC)
        .session(30, sim::SessionOp::Resumed, kSessionB)  // gone with the old connection
        .watchSet(30, sim::WatchOp::Data, "/lock/b", kSessionB, "re-armed")  // and back
        .watchSet(40, sim::WatchOp::Exists, "/lock/q", 999);  // a session nobody named
    const RunVerdict verdict = feed.finish(100);
    QCOMPARE(render(verdict), (QStringList{"leaked_watch 30..0 B", "leaked_watch 40..0 "}));
    QCOMPARE(verdict.violations[1].detail,
             std::string("exists watch on /lock/q armed by session 999"));
  }

  // A client that crashes leaves its session orphaned: the session's end (which a run that
  // stops first never reaches) takes its watches, so they are not the recipe's leak. A watch its
  // restarted process sets afterwards is judged again. Found by `lockscope-cli explore`: zk-naive
  // "leaked" the child watch of a waiter that crashed just before the others finished.
  void aCrashedClientsWatchesAreNotLeaked() {
    Feed feed;
    feed.session(1, sim::SessionOp::Created, kSessionA, "A")
        .session(1, sim::SessionOp::Created, kSessionB, "B")
        .watchSet(10, sim::WatchOp::Child, "/lock", kSessionA)
        .watchSet(11, sim::WatchOp::Child, "/lock", kSessionB)
        .process(20, "A", sim::ProcessOp::Crashed)
        .process(30, "A", sim::ProcessOp::Restarted)
        .session(31, sim::SessionOp::Created, kSessionC, "A")
        .watchSet(40, sim::WatchOp::Exists, "/lock/a", kSessionC);
    const RunVerdict verdict = feed.finish(100);
    QCOMPARE(render(verdict), (QStringList{"leaked_watch 11..0 B", "leaked_watch 40..0 A"}));
    QCOMPARE(metric(verdict, "leaked_watches"), 2.0);
  }

  // A persistent watch (addWatch) fires and stays; it leaves a table when a one-shot watch is
  // set there or removeWatches takes it out, and goes when it has left both. addWatch replaces
  // the session's one-shot watches on its path.
  void persistentWatchesStayUntilRemovedFromBothTables() {
    Feed feed;
    feed.session(1, sim::SessionOp::Created, kSessionA, "A")
        .session(1, sim::SessionOp::Created, kSessionB, "B")
        .session(1, sim::SessionOp::Created, kSessionC, "C")
        .watchSet(10, sim::WatchOp::Persistent, "/lock", kSessionA)
        .watchFired(11, "/lock", "NodeChildrenChanged", kSessionA)
        .watchFired(12, "/lock", "NodeDataChanged", kSessionA)  // still armed
        .watchSet(13, sim::WatchOp::Child, "/lock", kSessionB)
        .watchSet(14, sim::WatchOp::PersistentRecursive, "/lock", kSessionB)  // replaces it
        .watchFired(15, "/lock", "NodeChildrenChanged", kSessionB)
        .watchRemoved(16, sim::WatchOp::Data, "/lock", kSessionB)  // still in the child table
        .watchSet(20, sim::WatchOp::Persistent, "/a", kSessionC)
        .watchRemoved(21, sim::WatchOp::Child, "/a", kSessionC)
        .watchSet(22, sim::WatchOp::Data, "/a", kSessionC)    // takes the data table: one-shot
        .watchFired(23, "/a", "NodeDataChanged", kSessionC);  // ... and it fired
    const RunVerdict verdict = feed.finish(100);
    QCOMPARE(render(verdict), (QStringList{"leaked_watch 10..0 A", "leaked_watch 14..0 B"}));
    QCOMPARE(verdict.violations[0].detail, std::string("persistent watch on /lock armed by A"));
    QCOMPARE(verdict.violations[1].detail,
             std::string("persistent_recursive watch on /lock armed by B"));
    Feed removed;
    removed.session(1, sim::SessionOp::Created, kSessionA, "A")
        .watchSet(10, sim::WatchOp::Persistent, "/lock", kSessionA)
        .watchRemoved(20, sim::WatchOp::Child, "/lock", kSessionA)
        .watchRemoved(20, sim::WatchOp::Data, "/lock", kSessionA)
        .watchSet(30, sim::WatchOp::Child, "/b", kSessionA)
        .watchRemoved(31, sim::WatchOp::Child, "/b", kSessionA);  // one-shot ones go too
    QVERIFY(removed.finish(100).violations.empty());
  }

  // --- caches ---

  // Every version strictly between two a cache loaded one after the other was skipped; a
  // version it does not know (-1) starts the count afresh; each client's cache of each path apart.
  void cacheMissedVersionsAreTheGapsBetweenLoads() {
    Feed feed;
    feed.cache(10, "A", "/config", 0)
        .cache(20, "A", "/config", 1)
        .cache(30, "A", "/config", 4)  // 2 and 3 skipped
        .cache(40, "B", "/config", 2)  // B's first: nothing before it counts
        .cache(50, "B", "/config", 3)
        .cache(60, "A", "/services", 5)
        .cache(70, "A", "/services", -1)  // a child dropped without a listing
        .cache(80, "A", "/services", 7)   // not counted: the version before it is unknown
        .cache(90, "A", "/config", 6);    // 5 skipped
    const RunVerdict verdict = feed.finish(100);
    QCOMPARE(metric(verdict, "cache_missed_versions"), 3.0);
    QVERIFY(verdict.violations.empty());
  }

  // --- metrics ---

  // The verdict carries exactly the metrics of the one table (metric_names.h) that the loader,
  // the reports and the docs read: five of them once reached --json but not `expect:`.
  void everyMetricIsPresentAndZeroForAnEmptyRun() {
    Feed feed;
    const RunVerdict verdict = feed.finish(0);
    std::vector<std::string> produced, listed;
    for (const auto& [name, value] : verdict.metrics) {
      produced.push_back(name);
      QCOMPARE(value, 0.0);
    }
    for (const auto& info : lockscope::checkers::kMetrics) listed.push_back(info.name);
    std::sort(listed.begin(), listed.end());
    QCOMPARE(produced, listed);
    QCOMPARE(produced.size(), size_t{26});
    QVERIFY(verdict.violations.empty());
  }

  void countsAndRatios() {
    Feed feed;
    feed.request(1, "A", sim::ZooKeeperOp::Create)
        .request(2, "A", sim::ZooKeeperOp::GetChildren)
        .request(3, "B", sim::ZooKeeperOp::Create)
        .request(4, "B", sim::ZooKeeperOp::GetChildren)
        .request(5, "B", sim::ZooKeeperOp::Exists)
        .request(6, "C", sim::ZooKeeperOp::Create)
        .hold("A", 10, 20)
        .delivered(21, "B", "/lock/lock-0000000000")
        .delivered(21, "C", "/lock/lock-0000000000")
        .delivered(22, "C", "/lock")
        .hold("B", 30, 40)
        .lock(50, "C", sim::LockOp::Acquiring)
        .lock(60, "C", sim::LockOp::Failed)
        .lock(70, "D", sim::LockOp::Acquiring)
        .lock(80, "D", sim::LockOp::TimedOut);
    const RunVerdict verdict = feed.finish(100);
    QCOMPARE(metricsDiffering(verdict, {{"acquisitions", 2},
                                        {"releases", 2},
                                        {"requests", 6},
                                        {"notifications", 3},
                                        {"notifications_per_release", 1.5},
                                        {"notifications_per_acquisition", 1.5},
                                        {"requests_per_acquisition", 3},
                                        {"requests_per_release", 3},
                                        {"failures", 1},
                                        {"timeouts", 1}}),
             QStringList{});
  }

  void handoffLatency() {
    // Free at 20 -> B at 30 (10); free at 40 -> C at 60 (20); C again after itself: no handoff;
    // free at 80 -> R1 at 82 (2); two readers: free when the last lets go (90) -> D at 120 (30).
    Feed feed;
    feed.hold("A", 10, 20)
        .hold("B", 30, 40)
        .hold("C", 60, 70)
        .hold("C", 75, 80)
        .lock(82, "R1", sim::LockOp::Acquired, {}, "read")
        .lock(84, "R2", sim::LockOp::Acquired, {}, "read")
        .lock(86, "R1", sim::LockOp::Releasing, {}, "read")
        .lock(90, "R2", sim::LockOp::Releasing, {}, "read")
        .hold("D", 120, 130);
    const RunVerdict verdict = feed.finish(200);
    QCOMPARE(metricsDiffering(verdict, {{"handoffs", 4},
                                        {"handoff_mean_us", 15.5},
                                        {"handoff_p99_us", 30},
                                        {"handoff_max_us", 30},
                                        {"max_holders", 2}}),
             QStringList{});
  }

  void recoveryAfterAHolderCrash() {
    // Readers R1 and R2 crash at 20 and 30; W gets the lock at 80 (60 and 50). Then W crashes at
    // 100 and restarts; it takes the lock again at 110 (10). A waiter's crash is no holder crash.
    Feed feed;
    feed.lock(10, "R1", sim::LockOp::Acquired, {}, "read")
        .lock(11, "R2", sim::LockOp::Acquired, {}, "read")
        .process(20, "R1", sim::ProcessOp::Crashed)
        .process(30, "R2", sim::ProcessOp::Crashed)
        .lock(50, "X", sim::LockOp::Acquiring)
        .process(55, "X", sim::ProcessOp::Crashed)
        .lock(80, "W", sim::LockOp::Acquired, {}, "write")
        .process(100, "W", sim::ProcessOp::Crashed)
        .process(105, "W", sim::ProcessOp::Restarted)
        .lock(110, "W", sim::LockOp::Acquired, {}, "write");
    const RunVerdict verdict = feed.finish(200);
    QCOMPARE(metricsDiffering(verdict, {{"holder_crashes", 3},
                                        {"recoveries", 3},
                                        {"recover_mean_us", 40},
                                        {"recover_max_us", 60},
                                        {"handoffs", 0}}),
             QStringList{});
  }

  void nearestRankPercentiles() {
    LatencyStats stats;
    QCOMPARE(stats.percentile(99), Micros{0});
    for (Micros v = 100; v >= 1; --v) stats.add(v);
    QCOMPARE(stats.percentile(99), Micros{99});
    QCOMPARE(stats.percentile(50), Micros{50});
    QCOMPARE(stats.percentile(100), Micros{100});
    QCOMPARE(stats.percentile(0), Micros{1});
    QCOMPARE(stats.mean(), 50.5);
    for (Micros v = 101; v <= 200; ++v) stats.add(v);
    QCOMPARE(stats.percentile(99), Micros{198});
    LatencyStats few;
    few.add(7);
    few.add(7);
    few.add(3);
    QCOMPARE(few.percentile(99), Micros{7});  // ceil(2.97) = 3rd of 3
    QCOMPARE(few.percentile(33), Micros{3});  // ceil(0.99) = 1st
    QCOMPARE(few.percentile(34), Micros{7});  // ceil(1.02) = 2nd
    QCOMPARE(few.max(), Micros{7});
  }

  void violationsAreOrderedByTimeThenKind() {
    Feed feed;
    feed.lock(10, "A", sim::LockOp::Acquired)
        .resource(10, "A", sim::ResourceOp::Read, 0)
        .lock(20, "B", sim::LockOp::Acquired)
        .resource(20, "B", sim::ResourceOp::Read, 0)
        .resource(21, "B", sim::ResourceOp::Write, 1)
        .resource(22, "A", sim::ResourceOp::Write, 1)
        .lock(30, "C", sim::LockOp::Acquiring);
    QCOMPARE(
        render(feed.finish(100)),
        (QStringList{"lost_update 10..22 A,B", "mutual_exclusion 20..0 A,B", "stuck 30..0 C"}));
  }

 private:
  // A, B and C each start acquiring and create /lock/lock-000000000{0,1,2}, in that order.
  static void queueABC(Feed& feed) {
    feed.session(1, sim::SessionOp::Created, kSessionA, "A")
        .session(1, sim::SessionOp::Created, kSessionB, "B")
        .session(1, sim::SessionOp::Created, kSessionC, "C")
        .lock(3, "A", sim::LockOp::Acquiring)
        .nodeCreated(4, "/lock/lock-0000000000", kSessionA)
        .lock(5, "B", sim::LockOp::Acquiring)
        .nodeCreated(6, "/lock/lock-0000000001", kSessionB)
        .lock(7, "C", sim::LockOp::Acquiring)
        .nodeCreated(8, "/lock/lock-0000000002", kSessionC);
  }
};

QTEST_APPLESS_MAIN(CheckersTest)
#include "tst_checkers.moc"
