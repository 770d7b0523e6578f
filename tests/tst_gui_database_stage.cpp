// Goal: the database stage (app/gui/core/database_stage.h) shows at every cursor what the trace
// says: who holds a row lock and who queues for it in order, the uncommitted change and the
// committed value after COMMIT or a rollback, each client's transaction and statement in flight,
// and the wait-for graph with the deadlock cycle and its victim.
//
// Method: a model run of db-for-update (3 clients queue FOR UPDATE on one inventory row), folded
// up to moments found in the trace itself; and hand-made events for what no recipe does yet
// (two clients locking two rows in opposite order: a deadlock).
#include <QTest>
#include <algorithm>

#include "core/database_stage.h"
#include "core/run_timeline.h"
#include "sim/scenario/scenario_loader.h"
#include "support/model_run.h"

using namespace lockscope;
using gui::DatabaseStage;
using gui::RunTimeline;
using sim::TraceKind;

namespace {

std::unique_ptr<RunTimeline> recordText(const std::string& text) {
  const auto loaded = scenario::loadScenarioText(text, "db-stage-test");
  if (!loaded.scenario) qFatal("scenario: %s", loaded.error.c_str());
  return RunTimeline::record(*loaded.scenario, testing::onModel(*loaded.scenario));
}

// The number of events up to and including the first of `kind` by `actor` with `op` (and
// `path`, if given); 0 when there is none.
size_t through(const RunTimeline& timeline, TraceKind kind, std::string_view actor, sim::TraceOp op,
               std::string_view path = {}) {
  const auto& trace = timeline.trace();
  for (size_t index = 0; index < trace.size(); ++index) {
    const auto& event = trace[index];
    if (event.kind == kind && event.op == op && trace.text(event.actor) == actor &&
        (path.empty() || trace.text(event.path) == path))
      return index + 1;
  }
  return 0;
}

std::vector<std::string> names(const gui::RunCast& cast, const std::vector<int>& clients) {
  std::vector<std::string> out;
  for (int client : clients) out.push_back(client < 0 ? "?" : cast.name(client));
  return out;
}

std::vector<std::string> waiters(const DatabaseStage& stage, const gui::RunCast& cast,
                                 const std::string& lock) {
  const auto found = stage.locks().find(lock);
  if (found == stage.locks().end()) return {};
  std::vector<int> clients;
  for (const auto& waiter : found->second.waiters) clients.push_back(waiter.client);
  return names(cast, clients);
}

std::vector<std::string> holders(const DatabaseStage& stage, const gui::RunCast& cast,
                                 const std::string& lock) {
  const auto found = stage.locks().find(lock);
  if (found == stage.locks().end()) return {};
  std::vector<std::string> out;
  for (const auto& holder : found->second.holders)
    out.push_back(cast.name(holder.client) + ":" + holder.mode);
  return out;
}

std::vector<std::string> edges(const DatabaseStage& stage, const gui::RunCast& cast) {
  std::vector<std::string> out;
  for (const auto& edge : stage.waitFor())
    out.push_back(cast.name(edge.waiter) + "->" + cast.name(edge.blocker));
  std::sort(out.begin(), out.end());
  return out;
}

using Strings = std::vector<std::string>;

// Hand-made events, folded one at a time.
struct HandTrace {
  gui::RecordedTrace trace;
  std::vector<std::string> clientNames{"c1", "c2", "c3"};
  void add(sim::TraceEvent event) { trace.onEvent(event); }
  DatabaseStage fold() const {
    const gui::RunCast cast(clientNames, trace);
    DatabaseStage stage;
    for (const auto& event : trace.events()) stage.apply(event, trace, cast);
    return stage;
  }
  gui::RunCast cast() const { return gui::RunCast(clientNames, trace); }
};

sim::TraceEvent lockEvent(sim::Micros time, std::string_view client, sim::RowLockOp op,
                          std::string_view lock, int64_t transaction,
                          std::string_view detail = {}) {
  return {.time = time,
          .kind = TraceKind::RowLock,
          .actor = client,
          .op = op,
          .path = lock,
          .value = op == sim::RowLockOp::Released ? "" : "update",
          .detail = detail,
          .zxid = transaction};
}

sim::TraceEvent transactionEvent(sim::Micros time, std::string_view client, sim::TransactionOp op,
                                 int64_t transaction, std::string_view detail = {}) {
  return {.time = time,
          .kind = TraceKind::Transaction,
          .actor = client,
          .op = op,
          .detail = detail,
          .zxid = transaction};
}

}  // namespace

class GuiDatabaseStageTest : public QObject {
  Q_OBJECT

 private slots:
  void forUpdateQueuesOnTheRowInOrder() {
    const auto timeline = recordText(
        "title: t\nbackend: database\nrecipe: db-for-update\nseed: 1\nclients: 3\nhold_ms: 100\n");
    const auto& cast = timeline->cast();
    using sim::RowLockOp;
    // Every client waits behind the first grant: find who got it and who queued, in order.
    size_t firstGrant = 0;
    std::string first;
    for (const std::string client : {"c1", "c2", "c3"}) {
      const size_t at = through(*timeline, TraceKind::RowLock, client, RowLockOp::Granted);
      QVERIFY(at > 0);
      if (firstGrant == 0 || at < firstGrant) {
        firstGrant = at;
        first = client;
      }
    }
    QVERIFY(timeline->stageAfter(firstGrant - 1).database().locks().empty());
    const auto granted = timeline->stageAfter(firstGrant).database();
    QCOMPARE(holders(granted, cast, "inventory/1"), Strings{first + ":update"});
    QVERIFY(!granted.empty());
    // The whole run's shape: one table, no advisory locks.
    const auto shape = gui::databaseShapeOf(timeline->trace());
    QVERIFY(shape.database && !shape.advisory);
    QCOMPARE(shape.tables, Strings{"inventory"});

    // When both others queue: their order is the Waiting events' order, each waits behind the
    // holder (and the second also behind the first in the queue).
    std::vector<std::pair<size_t, std::string>> queued;
    for (const std::string client : {"c1", "c2", "c3"}) {
      if (client == first) continue;
      queued.emplace_back(through(*timeline, TraceKind::RowLock, client, RowLockOp::Waiting),
                          client);
    }
    std::sort(queued.begin(), queued.end());
    QVERIFY(queued.front().first > 0);
    const auto queue = timeline->stageAfter(queued.back().first).database();
    QCOMPARE(waiters(queue, cast, "inventory/1"), (Strings{queued[0].second, queued[1].second}));
    Strings expected{queued[0].second + "->" + first, queued[1].second + "->" + first,
                     queued[1].second + "->" + queued[0].second};
    std::sort(expected.begin(), expected.end());
    QCOMPARE(edges(queue, cast), expected);
    QVERIFY(queue.lastDeadlock().cycle.empty());
    // The holder's connection has an explicit transaction open and its SELECT … FOR UPDATE is
    // either answered or in flight; the waiters' are in flight, text and all.
    const auto* waiter = queue.client(cast.clientOfName(queued[1].second));
    QVERIFY(waiter);
    QVERIFY(waiter->open && waiter->explicitly && waiter->inFlight);
    QCOMPARE(waiter->statement, std::string("SELECT inventory"));
    QVERIFY2(waiter->sql.find("FOR UPDATE") != std::string::npos, waiter->sql.c_str());

    // The holder's UPDATE: an uncommitted change by the holder; the committed value unknown.
    const size_t updated = through(*timeline, TraceKind::Row, first, sim::RowOp::Updated);
    QVERIFY(updated > 0);
    const auto changed = timeline->stageAfter(updated).database();
    const auto& row = changed.tables().at("inventory").at("1");
    QVERIFY(row.changed);
    QCOMPARE(row.pending, std::string("stock=1 version=0 fence=0"));
    QCOMPARE(cast.name(row.writer), first);
    QVERIFY(!row.committedKnown);

    // COMMIT: the change is the committed row, the transaction is over, and the next in the
    // queue holds the lock with one waiter left.
    const size_t committed = through(*timeline, TraceKind::Transaction, first,
                                     sim::TransactionOp::Committed);
    QVERIFY(committed > updated);
    const auto after = timeline->stageAfter(committed).database();
    const auto& committedRow = after.tables().at("inventory").at("1");
    QVERIFY(!committedRow.changed);
    QVERIFY(committedRow.committedKnown);
    QCOMPARE(committedRow.committed, std::string("stock=1 version=0 fence=0"));
    QVERIFY(!after.client(cast.clientOfName(first))->open);
    const size_t handedOn = through(*timeline, TraceKind::RowLock, queued[0].second,
                                    RowLockOp::Granted);
    const auto next = timeline->stageAfter(handedOn).database();
    QCOMPARE(holders(next, cast, "inventory/1"), Strings{queued[0].second + ":update"});
    QCOMPARE(waiters(next, cast, "inventory/1"), Strings{queued[1].second});
    QCOMPARE(edges(next, cast), Strings{queued[1].second + "->" + queued[0].second});

    // At the end nobody holds or waits, and the row holds the last client's stock.
    const auto end = timeline->stageAfter(timeline->trace().size()).database();
    QVERIFY(end.locks().empty());
    QCOMPARE(end.tables().at("inventory").at("1").committed,
             std::string("stock=3 version=0 fence=0"));
  }

  void aKilledServerEndsEveryTransactionAndQueue() {
    const auto timeline = recordText(
        "title: t\nbackend: database\nrecipe: db-for-update\nseed: 1\nclients: 3\nhold_ms: 100\n"
        "faults:\n  - at: 50ms\n    kill_server: 1\n");
    const size_t killed = through(*timeline, TraceKind::Fault, "database",
                                  sim::FaultKind::KillServer);
    QVERIFY(killed > 0);
    const auto before = timeline->stageAfter(killed).database();
    QVERIFY(!before.locks().empty());
    // The server's session_ended events follow the kill at the same moment.
    size_t after = killed;
    while (after < timeline->trace().size() &&
           timeline->trace()[after].time == timeline->trace()[killed - 1].time)
      ++after;
    const auto stage = timeline->stageAfter(after);
    QVERIFY(!stage.serverUp());
    QVERIFY(stage.database().locks().empty());
    for (const auto& [client, connection] : stage.database().clients()) {
      QVERIFY(!connection.open);
      QVERIFY(connection.sessionEnded);
      QCOMPARE(connection.endedWhy, std::string("server killed"));
    }
    // The uncommitted change is gone (the row was never committed otherwise: unknown).
    for (const auto& [table, rows] : stage.database().tables())
      for (const auto& [key, row] : rows) QVERIFY(!row.changed);
  }

  void aDeadlockCycleAndItsVictim() {
    using sim::RowLockOp;
    using sim::TransactionOp;
    HandTrace hand;
    hand.add(transactionEvent(1, "c1", TransactionOp::Began, 1));
    hand.add(transactionEvent(2, "c2", TransactionOp::Began, 2));
    hand.add(lockEvent(3, "c1", RowLockOp::Granted, "locks/a", 1));
    hand.add(lockEvent(4, "c2", RowLockOp::Granted, "locks/b", 2));
    hand.add(lockEvent(5, "c1", RowLockOp::Waiting, "locks/b", 1, "behind c2"));
    const size_t oneWaits = hand.trace.size();
    hand.add(lockEvent(6, "c2", RowLockOp::Waiting, "locks/a", 2, "behind c1"));
    const size_t bothWait = hand.trace.size();
    hand.add(lockEvent(7, "c2", RowLockOp::Victim, "locks/a", 2, "cycle c2 -> c1 -> c2"));
    hand.add({.time = 7,
              .kind = TraceKind::Row,
              .actor = "c2",
              .op = sim::RowOp::Restored,
              .path = "locks/b",
              .value = "owner=c9 count=1 lock_until=0",
              .detail = "rolled back",
              .zxid = 2});
    hand.add(transactionEvent(7, "c2", TransactionOp::Aborted, 2, "deadlock"));
    hand.add(lockEvent(7, "c2", RowLockOp::Released, "locks/b", 2));
    const size_t victim = hand.trace.size();
    hand.add(lockEvent(8, "c1", RowLockOp::Granted, "locks/b", 1));
    const auto cast = hand.cast();

    auto foldTo = [&](size_t count) {
      DatabaseStage stage;
      for (size_t index = 0; index < count; ++index)
        stage.apply(hand.trace[index], hand.trace, cast);
      return stage;
    };
    const auto one = foldTo(oneWaits);
    QCOMPARE(edges(one, cast), Strings{"c1->c2"});
    QVERIFY(!one.onDeadlockCycle(1, 0));

    const auto both = foldTo(bothWait);
    QCOMPARE(edges(both, cast), (Strings{"c1->c2", "c2->c1"}));
    QVERIFY(both.lastDeadlock().cycle.empty());
    QCOMPARE(both.lastDeadlock().victim, gui::kNoClient);

    const auto broken = foldTo(victim);
    QCOMPARE(names(cast, broken.lastDeadlock().cycle), (Strings{"c2", "c1", "c2"}));
    QCOMPARE(broken.lastDeadlock().victim, cast.clientOfName("c2"));
    QCOMPARE(broken.lastDeadlock().lock, std::string("locks/a"));
    QVERIFY(broken.onDeadlockCycle(cast.clientOfName("c2"), cast.clientOfName("c1")));
    QVERIFY(broken.onDeadlockCycle(cast.clientOfName("c1"), cast.clientOfName("c2")));
    QVERIFY(!broken.onDeadlockCycle(cast.clientOfName("c1"), cast.clientOfName("c3")));
    // The victim left the queue and let go of its row: c1 still waits on locks/b until granted,
    // but behind nobody who still holds it.
    QVERIFY(waiters(broken, cast, "locks/a").empty());
    QCOMPARE(waiters(broken, cast, "locks/b"), Strings{"c1"});
    QVERIFY(edges(broken, cast).empty());
    const auto* loser = broken.client(cast.clientOfName("c2"));
    QVERIFY(loser && loser->aborted);
    QCOMPARE(loser->abortedWhy, std::string("deadlock"));
    // The rollback told us the committed row.
    const auto& row = broken.tables().at("locks").at("b");
    QVERIFY(row.committedKnown && !row.changed);
    QCOMPARE(row.committed, std::string("owner=c9 count=1 lock_until=0"));

    const auto end = foldTo(hand.trace.size());
    QCOMPARE(holders(end, cast, "locks/b"), Strings{"c1:update"});
    QCOMPARE(holders(end, cast, "locks/a"), Strings{"c1:update"});
    QVERIFY(end.locks().at("locks/b").waiters.empty());
    // The deadlock stays on the stage after it was broken.
    QCOMPARE(end.lastDeadlock().victim, cast.clientOfName("c2"));
  }

  void aSessionThatEndsLeavesEveryQueue() {
    using sim::RowLockOp;
    HandTrace hand;
    hand.add(lockEvent(1, "c1", RowLockOp::Granted, "advisory/42", 0));
    hand.add(lockEvent(2, "c3", RowLockOp::Waiting, "advisory/42", 0, "behind c1"));
    hand.add(lockEvent(3, "c2", RowLockOp::Waiting, "advisory/42", 0, "behind c1, c3"));
    const auto cast = hand.cast();
    QCOMPARE(waiters(hand.fold(), cast, "advisory/42"), (Strings{"c3", "c2"}));
    hand.add(transactionEvent(4, "c3", sim::TransactionOp::SessionEnded, 0, "connection closed"));
    const auto stage = hand.fold();
    QCOMPARE(waiters(stage, cast, "advisory/42"), Strings{"c2"});
    // c2 still waits behind c1; c3 left, so its edge went with it.
    QCOMPARE(edges(stage, cast), Strings{"c2->c1"});
    // Advisory locks are not rows: no table appears for them.
    QVERIFY(stage.tables().empty());
  }

  void namesInAQueueOrACycle() {
    HandTrace hand;
    hand.add(lockEvent(1, "c1", sim::RowLockOp::Granted, "locks/x", 1));
    const auto cast = hand.cast();
    QCOMPARE(names(cast, DatabaseStage::clientsNamed("c2, c3", cast)), (Strings{"c2", "c3"}));
    QCOMPARE(names(cast, DatabaseStage::clientsNamed("c1 -> c2 -> c1", cast)),
             (Strings{"c1", "c2", "c1"}));
    QVERIFY(DatabaseStage::clientsNamed("nobody, setup", cast).empty());
    QCOMPARE(DatabaseStage::splitRowName("gap:locks/+inf"),
             (std::pair<std::string, std::string>{"locks", "+inf"}));
    QCOMPARE(DatabaseStage::splitRowName("fence_tokens/lock"),
             (std::pair<std::string, std::string>{"fence_tokens", "lock"}));
  }
};

QTEST_GUILESS_MAIN(GuiDatabaseStageTest)
#include "tst_gui_database_stage.moc"
