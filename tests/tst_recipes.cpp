// The ZooKeeper lock recipes against the model, judged from the trace: who held the lock when,
// what the resource saw, which watches fired and which nodes were made.
#include <QtTest>

#include <algorithm>

#include "backends/model/zookeeper/client_session.h"
#include "sim/recipes/zk_recipes.h"
#include "support/lock_harness.h"

using namespace lockscope;
using namespace lockscope::testing;
using recipes::LockMode;
using recipes::RecipeParameters;
using sim::TraceKind;

namespace {

std::vector<clients::PlanStep> plan(std::initializer_list<const char*> steps) {
  std::vector<clients::PlanStep> result;
  for (const char* text : steps) {
    const Result<clients::PlanStep> step = clients::parsePlanStep(text);
    if (!step.ok()) qFatal("%s", step.message().c_str());
    result.push_back(*step);
  }
  return result;
}

clients::ClientSpec spec(const std::string& name, Micros startAt,
                         std::vector<clients::PlanStep> steps) {
  clients::ClientSpec result;
  result.name = name;
  result.startAt = startAt;
  result.plan = std::move(steps);
  return result;
}

RecipeParameters timed(int64_t timeoutMs, std::string lockPath = "/lock") {
  RecipeParameters parameters;
  parameters.lockPath = std::move(lockPath);
  parameters.acquireTimeoutMs = timeoutMs;
  return parameters;
}

RecipeParameters at(std::string lockPath) { return timed(-1, std::move(lockPath)); }

Micros timeOf(const std::vector<sim::RecordedEvent>& events, size_t index = 0) {
  return index < events.size() ? events[index].time : -1;
}

// Release times of the lock nodes under `parent` (their NodeDeleted events), in order.
std::vector<Micros> deletions(const LockHarness& h, const std::string& parent) {
  std::vector<Micros> times;
  for (const sim::RecordedEvent& event : h.events(TraceKind::NodeDeleted)) {
    if (event.path.rfind(parent + "/", 0) == 0) times.push_back(event.time);
  }
  return times;
}

// Each of the `count` releases under /lock woke every client still queued behind it: the herd.
void everyReleaseWokeTheQueue(const LockHarness& h, size_t count) {
  const std::vector<Micros> releases = deletions(h, "/lock");
  QCOMPARE(releases.size(), count);
  for (size_t index = 0; index + 1 < releases.size(); ++index) {
    const int queued = static_cast<int>(releases.size() - index - 1);
    const int woken = h.notificationsBetween(releases[index], releases[index] + fromMillis(50),
                                             "NodeChildrenChanged");
    QVERIFY2(woken >= queued, qPrintable(QString("release %1: %2 notifications for %3 queued")
                                             .arg(index)
                                             .arg(woken)
                                             .arg(queued)));
  }
}

// c0 holds; c1 lists the children while c0 still holds, and c0's node goes away before c1's next
// call (c1 is paused with the listing's reply in hand). What c1 does next is the recipe's.
void deleteBetweenListAndWatch(LockHarness& h, const char* recipe) {
  h.createPaths({"/lock"});
  h.addClient(spec("c0", 0, plan({"acquire", "hold 300ms", "release"})), recipe);
  h.addClient(spec("c1", fromMillis(50), plan({"acquire", "hold 5s", "release"})), recipe);
  h.start();
  QVERIFY(h.runUntilLock("c0", sim::LockOp::Acquired));
  QVERIFY(h.runUntil(
      [&] { return !h.events(TraceKind::Request, "c1", sim::ZooKeeperOp::GetChildren).empty(); }));
  h.process("c1").pause();
  QVERIFY(h.runUntilLock("c0", sim::LockOp::Released));
  h.runFor(fromMillis(10));
  h.process("c1").resume();
}

}  // namespace

class TestRecipes : public QObject {
  Q_OBJECT

 private slots:
  void catalogDescribesEveryRecipe();
  void benignRunIsSafe_data();
  void benignRunIsSafe();
  void naiveHerdWakesEveryWaiter();
  void chainedWakesOnlyTheNext();
  void grantsInSequenceOrder_data();
  void grantsInSequenceOrder();
  void crashedHolderLetsGoAfterSessionTimeout_data();
  void crashedHolderLetsGoAfterSessionTimeout();
  void timedAcquireDeletesItsNode_data();
  void timedAcquireDeletesItsNode();
  void curatorFindsItsNodeAfterLostReply_data();
  void curatorFindsItsNodeAfterLostReply();
  void noGuidWaitsBehindItsOrphan();
  void curatorIsReentrant();
  void curatorPipelineSendsListingWithCreate();
  void revocationReachesTheHolder_data();
  void revocationReachesTheHolder();
  void ephemeralIsANonFairHerd();
  void semaphoreMutexBlocksItsOwnHolder_data();
  void semaphoreMutexBlocksItsOwnHolder();
  void semaphoreMutexWithoutTimeoutIsStuck();
  void rwlockReadersShare();
  void rwlockWriterIsExclusive();
  void rwlockReaderQueuesBehindWaitingWriter();
  void rwlockDowngradeKeepsWritersOut();
  void rwlockRefusesUpgrade();
  void multilockReleasesInReverse();
  void multilockPartialFailureReleasesWhatItTook();
  void persistentNodeOfCrashedHolderBlocksEveryone_data();
  void persistentNodeOfCrashedHolderBlocksEveryone();
  void noRecheckGivesTwoHolders_data();
  void noRecheckGivesTwoHolders();
  void lostWatchLeavesClientStuck_data();
  void lostWatchLeavesClientStuck();
  void vanishedPredecessorLeaksExistsWatch_data();
  void vanishedPredecessorLeaksExistsWatch();
  void persistentWatchHerdsWithoutReArming();
  void watchEventsReportEachType();
  void nodeCacheSkipsAVersionWrittenBeforeItReArms();
  void childrenCacheFollowsRegistrations();
};

void TestRecipes::catalogDescribesEveryRecipe() {
  const std::vector<std::string_view> expected = {
      "zk-naive", "zk-chained", "zk-curator", "zk-ephemeral", "zk-semaphore-mutex", "zk-rwlock",
      "zk-multilock", "zk-lost-watch", "zk-lost-watch-exists", "zk-no-recheck", "zk-persistent",
      "zk-no-guid", "zk-persistent-watch", "zk-watch-events", "zk-node-cache", "zk-children-cache",
      // tests/tst_redis_recipes.cpp runs these against the Redis model
      "redis-setnx", "redis-setnx-expire", "redis-unsafe-del", "redis-lock", "redis-reentrant",
      "redis-watchdog", "redlock", "redis-fenced", "redis-optimistic", "redis-blind-update",
      // tests/tst_database_recipes.cpp runs these against the database model
      "db-unique-key", "db-unique-key-ttl", "db-reentrant", "db-no-expiry", "db-select-insert",
      "db-fenced", "db-for-update", "db-autocommit", "db-optimistic", "db-blind-update",
      "pg-advisory", "pg-advisory-xact"};
  QCOMPARE(recipes::recipeCatalog().size(), expected.size());
  for (const std::string_view name : expected) {
    const recipes::RecipeDescription* recipe = recipes::findRecipe(name);
    QVERIFY2(recipe, std::string(name).c_str());
    QVERIFY(!recipe->summary.empty() && recipe->summary.size() <= 140);
    QVERIFY(!recipe->pseudocode.empty());
    QVERIFY(recipe->make);
  }
  QVERIFY(!recipes::findRecipe("zk-ephemeral")->fair);
  QVERIFY(recipes::findRecipe("zk-rwlock")->readWrite);
}

void TestRecipes::benignRunIsSafe_data() {
  QTest::addColumn<QString>("recipe");
  for (const recipes::RecipeDescription& recipe : recipes::recipeCatalog()) {
    if (recipe.backend != "zookeeper") continue;  // this harness is a ZooKeeper world
    // The watching recipes lock nothing: their own tests below.
    if (!recipe.excludes) continue;
    QTest::newRow(std::string(recipe.name).c_str())
        << QString::fromUtf8(recipe.name.data(), recipe.name.size());
  }
}

// No faults, four clients, two rounds each: every recipe, broken ones included, works.
void TestRecipes::benignRunIsSafe() {
  QFETCH(QString, recipe);
  const std::string name = recipe.toStdString();
  LockHarness h(7);
  h.createPaths({"/lock", "/a", "/b"});
  RecipeParameters parameters;
  if (name == "zk-multilock") parameters.lockPaths = {"/a", "/b"};
  h.addClients(4, name, fromMillis(50), parameters, 0, 2);
  h.start();
  QVERIFY(h.runUntilFinished(fromSeconds(60)));
  QCOMPARE(h.lockEvents(sim::LockOp::Acquired).size(), size_t{8});
  QCOMPARE(h.overlaps(), 0);
  QCOMPARE(h.resource.value(), int64_t{8});
  const size_t lines = recipes::findRecipe(name)->pseudocode.size();
  for (const sim::RecordedEvent& step : h.events(TraceKind::Step)) {
    QVERIFY2(step.request >= 1 && step.request <= static_cast<int64_t>(lines),
             qPrintable(QString::number(step.request)));
  }
}

// zk-naive: each release wakes every client still queued (they all watch /lock's children).
void TestRecipes::naiveHerdWakesEveryWaiter() {
  LockHarness h(3);
  h.createPaths({"/lock"});
  h.addClients(10, "zk-naive", fromMillis(100));
  h.start();
  QVERIFY(h.runUntilFinished());
  everyReleaseWokeTheQueue(h, 10);
}

// zk-chained: each release wakes only the next in line.
void TestRecipes::chainedWakesOnlyTheNext() {
  LockHarness h(3);
  h.createPaths({"/lock"});
  h.addClients(10, "zk-chained", fromMillis(100));
  h.start();
  QVERIFY(h.runUntilFinished());
  const std::vector<Micros> releases = deletions(h, "/lock");
  QCOMPARE(releases.size(), size_t{10});
  int total = 0;
  for (const Micros release : releases) {
    const int woken = h.notificationsBetween(release, release + fromMillis(50));
    QVERIFY(woken <= 1);
    total += woken;
  }
  QCOMPARE(total, 9);
}

void TestRecipes::grantsInSequenceOrder_data() {
  QTest::addColumn<QString>("recipe");
  QTest::newRow("zk-chained") << "zk-chained";
  QTest::newRow("zk-curator") << "zk-curator";
  QTest::newRow("zk-rwlock") << "zk-rwlock";
}

// Fair recipes grant the lock in the order of the nodes' sequence numbers, one holder at a time,
// and the resource loses no update.
void TestRecipes::grantsInSequenceOrder() {
  QFETCH(QString, recipe);
  LockHarness h(11);
  h.createPaths({"/lock"});
  h.addClients(8, recipe.toStdString(), fromMillis(20));
  h.start();
  QVERIFY(h.runUntilFinished());
  const std::vector<sim::RecordedEvent> grants = h.lockEvents(sim::LockOp::Acquired);
  QCOMPARE(grants.size(), size_t{8});
  for (size_t index = 1; index < grants.size(); ++index) {
    QVERIFY(sequenceOf(grants[index - 1].path) < sequenceOf(grants[index].path));
  }
  QCOMPARE(h.overlaps(), 0);
  QCOMPARE(h.resource.value(), int64_t{8});
  QCOMPARE(h.resource.writes(), int64_t{8});
}

void TestRecipes::crashedHolderLetsGoAfterSessionTimeout_data() {
  QTest::addColumn<QString>("recipe");
  QTest::newRow("zk-chained") << "zk-chained";
  QTest::newRow("zk-curator") << "zk-curator";
  QTest::newRow("zk-ephemeral") << "zk-ephemeral";
}

// A crashed holder's ephemeral node goes only when its session expires: the next holder (any
// waiter: zk-ephemeral is not fair) waits for the session timeout, not for the crash.
void TestRecipes::crashedHolderLetsGoAfterSessionTimeout() {
  QFETCH(QString, recipe);
  LockHarness h(5);
  h.createPaths({"/lock"});
  h.addClients(3, recipe.toStdString(), fromSeconds(10), {}, fromMillis(20));
  h.start();
  QVERIFY(h.runUntilLock("c0", sim::LockOp::Acquired));
  h.runFor(fromMillis(100));
  const Micros crash = h.world.now();
  h.process("c0").crash();
  QVERIFY(
      h.runUntil([&] { return h.lockEvents(sim::LockOp::Acquired).size() == 2; }, fromSeconds(30)));
  const Micros expiry = timeOf(
      h.events(TraceKind::SessionState, "server", sim::SessionOp::Expired));
  const Micros next = timeOf(h.lockEvents(sim::LockOp::Acquired), 1);
  QVERIFY(expiry - crash >= fromMillis(4000) * 2 / 3);  // at most a ping interval was left
  QVERIFY(next > expiry && next - expiry < fromMillis(100));
  QCOMPARE(h.overlaps(), 0);
}

void TestRecipes::timedAcquireDeletesItsNode_data() {
  QTest::addColumn<QString>("recipe");
  QTest::newRow("zk-chained") << "zk-chained";
  QTest::newRow("zk-curator") << "zk-curator";
  QTest::newRow("zk-naive") << "zk-naive";
}

// A timed acquire that runs out deletes its node, so it does not block those behind it.
void TestRecipes::timedAcquireDeletesItsNode() {
  QFETCH(QString, recipe);
  LockHarness h(2);
  h.createPaths({"/lock"});
  h.addClient(spec("c0", 0, plan({"acquire", "hold 2s", "release"})), recipe.toStdString());
  h.addClient(spec("c1", fromMillis(50), plan({"acquire", "release"})), recipe.toStdString(),
              timed(500));
  h.addClient(spec("c2", fromMillis(100), plan({"acquire", "release"})), recipe.toStdString());
  h.start();
  QVERIFY(h.runUntilFinished());
  const Micros waited = timeOf(h.lockEvents(sim::LockOp::TimedOut, "c1")) -
                        timeOf(h.lockEvents(sim::LockOp::Acquiring, "c1"));
  QVERIFY2(waited >= fromMillis(500) && waited < fromMillis(520),
           qPrintable(QString::number(waited)));
  const std::vector<std::string> ownNodes = h.nodesCreated("/lock", "c1");
  QCOMPARE(ownNodes.size(), size_t{1});
  const auto deleted = h.events(TraceKind::NodeDeleted);
  const auto gone = std::find_if(deleted.begin(), deleted.end(),
                                 [&](const auto& event) { return event.path == ownNodes[0]; });
  QVERIFY(gone != deleted.end() && gone->time <= timeOf(h.lockEvents(sim::LockOp::TimedOut, "c1")));
  QCOMPARE(h.lockEvents(sim::LockOp::Acquired).size(), size_t{2});  // c0, then c2 right after it
}

void TestRecipes::curatorFindsItsNodeAfterLostReply_data() {
  QTest::addColumn<bool>("pipeline");
  QTest::newRow("one request at a time") << false;
  QTest::newRow("pipelined") << true;  // the listing sent behind the lost create is dropped
}

// Protection: the create's reply is lost after the server made the node; Curator finds the node
// by its GUID and carries on with it. One node, no orphan, the next client is not blocked.
void TestRecipes::curatorFindsItsNodeAfterLostReply() {
  QFETCH(bool, pipeline);
  LockHarness h(4);
  h.createPaths({"/lock"});
  RecipeParameters parameters;
  parameters.pipeline = pipeline;
  h.addClient(spec("c0", fromMillis(1), plan({"acquire", "hold 100ms", "release"})), "zk-curator",
              parameters);
  h.addClient(spec("c1", fromMillis(5), plan({"acquire", "release"})), "zk-curator", parameters);
  h.start();
  h.runFor(fromMillis(1));
  h.session("c0").loseNextReply(true);  // c0's first request is the create
  QVERIFY(h.runUntilFinished());
  QCOMPARE(h.events(TraceKind::Reply, "c0", sim::ZooKeeperOp::Create).at(0).rc,
           std::string("CONNECTIONLOSS"));
  const std::vector<std::string> nodes = h.nodesCreated("/lock", "c0");
  QCOMPARE(nodes.size(), size_t{1});
  QVERIFY(nodes[0].find("/_c_") != std::string::npos);
  QCOMPARE(h.lockEvents(sim::LockOp::Acquired, "c0").at(0).path, nodes[0]);
  QCOMPARE(h.lockEvents(sim::LockOp::Acquired, "c1").size(), size_t{1});
  QVERIFY(h.childrenOf("/lock").empty());
}

// Without a GUID the client creates again after the lost reply; its first node is an orphan
// that sits before its second, and it waits behind itself (and everyone waits behind it).
void TestRecipes::noGuidWaitsBehindItsOrphan() {
  LockHarness h(4);
  h.createPaths({"/lock"});
  h.addClient(spec("c0", fromMillis(1), plan({"acquire", "hold 100ms", "release"})), "zk-no-guid");
  h.addClient(spec("c1", fromMillis(5), plan({"acquire", "release"})), "zk-no-guid");
  h.start();
  h.runFor(fromMillis(1));
  h.session("c0").loseNextReply(true);
  h.runFor(fromSeconds(30));
  QCOMPARE(h.events(TraceKind::Reply, "c0", sim::ZooKeeperOp::Create).at(0).rc,
           std::string("CONNECTIONLOSS"));
  QCOMPARE(h.nodesCreated("/lock", "c0").size(), size_t{2});
  QVERIFY(h.lockEvents(sim::LockOp::Acquired).empty());
  QCOMPARE(h.client("c0").phase(), clients::LockClient::Phase::Acquiring);
  QCOMPARE(h.client("c1").phase(), clients::LockClient::Phase::Acquiring);
}

// Opt-in pipelining: every acquire sends getChildren at the same instant as its create (before
// the reply), and the lock stays exclusive and in creation order.
void TestRecipes::curatorPipelineSendsListingWithCreate() {
  LockHarness h(8);
  h.createPaths({"/lock"});
  RecipeParameters parameters;
  parameters.pipeline = true;
  h.addClients(4, "zk-curator", fromMillis(20), parameters, 0, 2);
  h.start();
  QVERIFY(h.runUntilFinished());
  QCOMPARE(h.lockEvents(sim::LockOp::Acquired).size(), size_t{8});
  QCOMPARE(h.overlaps(), 0);
  for (const char* client : {"c0", "c1", "c2", "c3"}) {
    const auto creates = h.events(TraceKind::Request, client, sim::ZooKeeperOp::Create);
    QCOMPARE(creates.size(), size_t{2});
    for (const sim::RecordedEvent& create : creates) {
      const auto listings = h.events(TraceKind::Request, client, sim::ZooKeeperOp::GetChildren);
      QVERIFY(std::any_of(listings.begin(), listings.end(), [&](const sim::RecordedEvent& listing) {
        return listing.time == create.time && listing.request == create.request + 1;
      }));
    }
  }
}

// A nested acquire by the holder only counts; the node goes at the last release.
void TestRecipes::curatorIsReentrant() {
  LockHarness h(6);
  h.createPaths({"/lock"});
  h.addClient(
      spec("c0", 0, plan({"acquire", "acquire", "hold 200ms", "release", "hold 200ms", "release"})),
      "zk-curator");
  h.addClient(spec("c1", fromMillis(50), plan({"acquire", "release"})), "zk-curator");
  h.start();
  QVERIFY(h.runUntilFinished());
  QCOMPARE(h.nodesCreated("/lock", "c0").size(), size_t{1});
  const auto grants = h.lockEvents(sim::LockOp::Acquired, "c0");
  QCOMPARE(grants.size(), size_t{2});
  QCOMPARE(grants[0].path, grants[1].path);
  QVERIFY(grants[1].time == grants[0].time);  // no ZooKeeper call in between
  const auto releases = h.lockEvents(sim::LockOp::Released, "c0");
  QCOMPARE(releases.size(), size_t{2});
  QVERIFY(timeOf(h.lockEvents(sim::LockOp::Acquired, "c1")) > releases[1].time);
  QCOMPARE(h.overlaps(), 0);
}

void TestRecipes::revocationReachesTheHolder_data() {
  QTest::addColumn<bool>("revocable");
  QTest::newRow("revocable") << true;
  QTest::newRow("not revocable") << false;
}

// A revoker writes "revoke" into the holder's node; a revocable holder hears of it and its hold
// ends early. Revocation is cooperative: a holder that did not ask for it keeps the lock.
void TestRecipes::revocationReachesTheHolder() {
  QFETCH(bool, revocable);
  LockHarness h(8);
  h.createPaths({"/lock"});
  RecipeParameters parameters;
  parameters.revocable = revocable;
  auto holder = h.direct("holder", "zk-curator", parameters);
  auto acquire = holder->recipe->acquire(LockMode::Exclusive);
  QVERIFY(h.runTask(acquire));
  QVERIFY(acquire.result().acquired);
  auto hold = holder->recipe->holdUnlessRevoked(fromSeconds(10));
  hold.start();
  h.addClient(spec("revoker", fromMillis(500), plan({"revoke"})), "zk-curator");
  h.start();
  QVERIFY(h.runUntil([&] { return hold.done(); }, fromSeconds(20)));
  QCOMPARE(h.events(TraceKind::NodeChanged).size(), size_t{1});
  QCOMPARE(h.events(TraceKind::NodeChanged).at(0).path, acquire.result().node);
  QCOMPARE(hold.result(), revocable);
  QCOMPARE(holder->recipe->revocationRequested(), revocable);
  QVERIFY(revocable ? h.world.now() < fromSeconds(2) : h.world.now() >= fromSeconds(10));
}

// zk-ephemeral: one owner node; every release wakes every waiter (all watch it with exists).
void TestRecipes::ephemeralIsANonFairHerd() {
  LockHarness h(9);
  h.createPaths({"/lock"});
  h.addClients(6, "zk-ephemeral", fromMillis(100));
  h.start();
  QVERIFY(h.runUntilFinished());
  QCOMPARE(h.overlaps(), 0);
  QCOMPARE(h.resource.value(), int64_t{6});
  for (const std::string& node : h.nodesCreated("/lock")) {
    QCOMPARE(node, std::string("/lock/owner"));
  }
  const std::vector<Micros> releases = deletions(h, "/lock");
  QCOMPARE(releases.size(), size_t{6});
  for (size_t index = 0; index + 1 < releases.size(); ++index) {
    const int queued = static_cast<int>(releases.size() - index - 1);
    QVERIFY(h.notificationsBetween(releases[index], releases[index] + fromMillis(50),
                                   "NodeDeleted") >= queued);
  }
}

void TestRecipes::semaphoreMutexBlocksItsOwnHolder_data() {
  QTest::addColumn<QString>("recipe");
  QTest::addColumn<int>("acquired");
  QTest::addColumn<int>("timedOut");
  QTest::newRow("zk-semaphore-mutex") << "zk-semaphore-mutex" << 1 << 1;
  QTest::newRow("zk-curator (reentrant)") << "zk-curator" << 2 << 0;
}

// Not reentrant: the holder's second acquire waits for its own first lease until the deadline.
void TestRecipes::semaphoreMutexBlocksItsOwnHolder() {
  QFETCH(QString, recipe);
  QFETCH(int, acquired);
  QFETCH(int, timedOut);
  LockHarness h(10);
  h.createPaths({"/lock"});
  h.addClient(spec("c0", 0, plan({"acquire", "acquire", "release", "release"})),
              recipe.toStdString(), timed(1000));
  h.start();
  QVERIFY(h.runUntilFinished());
  QCOMPARE(static_cast<int>(h.lockEvents(sim::LockOp::Acquired, "c0").size()), acquired);
  QCOMPARE(static_cast<int>(h.lockEvents(sim::LockOp::TimedOut, "c0").size()), timedOut);
  if (timedOut) {
    const Micros waited = timeOf(h.lockEvents(sim::LockOp::TimedOut, "c0")) -
                          timeOf(h.lockEvents(sim::LockOp::Acquiring, "c0"), 1);
    QVERIFY(waited >= fromMillis(1000));
  }
  QVERIFY(h.childrenOf("/lock/leases").empty());
}

// Without a timeout the holder's second acquire never returns, and everyone queues behind it.
void TestRecipes::semaphoreMutexWithoutTimeoutIsStuck() {
  LockHarness h(10);
  h.createPaths({"/lock"});
  h.addClient(spec("c0", 0, plan({"acquire", "acquire", "release", "release"})),
              "zk-semaphore-mutex");
  h.addClient(spec("c1", fromMillis(100), plan({"acquire", "release"})), "zk-semaphore-mutex");
  h.start();
  h.runFor(fromSeconds(30));
  QCOMPARE(h.lockEvents(sim::LockOp::Acquired, "c0").size(), size_t{1});
  QVERIFY(h.lockEvents(sim::LockOp::Acquired, "c1").empty());
  QCOMPARE(h.client("c0").phase(), clients::LockClient::Phase::Acquiring);
  QCOMPARE(h.client("c1").phase(), clients::LockClient::Phase::Acquiring);
}

void TestRecipes::rwlockReadersShare() {
  LockHarness h(12);
  h.createPaths({"/lock"});
  for (const char* name : {"r0", "r1", "r2"}) {
    h.addClient(spec(name, 0, plan({"acquire read", "read", "hold 300ms", "release read"})),
                "zk-rwlock");
  }
  h.start();
  QVERIFY(h.runUntilFinished());
  QCOMPARE(h.maxConcurrent("read"), 3);
}

namespace {

// r0 and r1 read, then w queues a write, then r2 and r3 ask to read.
void readersAroundAWriter(LockHarness& h) {
  h.createPaths({"/lock"});
  const auto reading = plan({"acquire read", "read", "hold 200ms", "release read"});
  h.addClient(spec("r0", 0, reading), "zk-rwlock");
  h.addClient(spec("r1", fromMillis(10), reading), "zk-rwlock");
  h.addClient(spec("w", fromMillis(20),
                   plan({"acquire write", "read", "hold 200ms", "write", "release write"})),
              "zk-rwlock");
  h.addClient(spec("r2", fromMillis(30), reading), "zk-rwlock");
  h.addClient(spec("r3", fromMillis(40), reading), "zk-rwlock");
  h.start();
  QVERIFY(h.runUntilFinished());
}

}  // namespace

void TestRecipes::rwlockWriterIsExclusive() {
  LockHarness h(13);
  readersAroundAWriter(h);
  QCOMPARE(h.lockEvents(sim::LockOp::Acquired).size(), size_t{5});
  QCOMPARE(h.overlaps(), 0);
  QCOMPARE(h.maxConcurrent("write"), 1);
}

// A reader waits for the first writer queued before it (no barging past a waiting writer).
void TestRecipes::rwlockReaderQueuesBehindWaitingWriter() {
  LockHarness h(13);
  readersAroundAWriter(h);
  const Micros written = timeOf(h.lockEvents(sim::LockOp::Released, "w"));
  QVERIFY(timeOf(h.lockEvents(sim::LockOp::Acquired, "r0")) <
          timeOf(h.lockEvents(sim::LockOp::Acquired, "w")));
  QVERIFY(timeOf(h.lockEvents(sim::LockOp::Acquired, "r2")) > written);
  QVERIFY(timeOf(h.lockEvents(sim::LockOp::Acquired, "r3")) > written);
  QCOMPARE(h.maxConcurrent("read"), 2);
}

// The write holder takes the read lock at once; its read node borrows the write node's
// sequence, so after the write is released a queued writer still waits for the reader.
void TestRecipes::rwlockDowngradeKeepsWritersOut() {
  LockHarness h(14);
  h.createPaths({"/lock"});
  h.addClient(
      spec("a", 0,
           plan({"acquire write", "acquire read", "release write", "hold 500ms", "release read"})),
      "zk-rwlock");
  h.addClient(spec("b", fromMillis(20), plan({"acquire write", "hold 100ms", "release write"})),
              "zk-rwlock");
  h.start();
  QVERIFY(h.runUntilFinished());
  const auto grants = h.lockEvents(sim::LockOp::Acquired, "a");
  QCOMPARE(grants.size(), size_t{2});
  QVERIFY(grants[1].path.find("__READ__") != std::string::npos);
  QCOMPARE(sequenceOf(grants[1].path), sequenceOf(grants[0].path));
  QVERIFY(grants[1].time - grants[0].time < fromMillis(10));
  const auto readReleased = h.lockEvents(sim::LockOp::Released, "a");
  QVERIFY(timeOf(h.lockEvents(sim::LockOp::Acquired, "b")) > timeOf(readReleased, 1));
  QCOMPARE(h.overlaps(), 0);
}

void TestRecipes::rwlockRefusesUpgrade() {
  LockHarness h(15);
  h.createPaths({"/lock"});
  h.addClient(
      spec("a", 0, plan({"acquire read", "acquire write", "release write", "release read"})),
      "zk-rwlock");
  h.start();
  QVERIFY(h.runUntilFinished());
  const auto failures = h.lockEvents(sim::LockOp::Failed, "a");
  QCOMPARE(failures.size(), size_t{1});
  QCOMPARE(failures[0].detail, std::string("upgrade refused"));
  QCOMPARE(failures[0].value, std::string("write"));
  QVERIFY(h.childrenOf("/lock").empty());
}

void TestRecipes::multilockReleasesInReverse() {
  LockHarness h(16);
  h.createPaths({"/a", "/b"});
  RecipeParameters parameters;
  parameters.lockPaths = {"/a", "/b"};
  h.addClient(spec("m", 0, plan({"acquire", "hold 100ms", "release"})), "zk-multilock", parameters);
  h.start();
  QVERIFY(h.runUntilFinished());
  const auto created = h.events(TraceKind::NodeCreated);
  QCOMPARE(created.size(), size_t{4});  // /a, /b, then the lock nodes
  QVERIFY(created[2].path.rfind("/a/", 0) == 0 && created[3].path.rfind("/b/", 0) == 0);
  const auto deleted = h.events(TraceKind::NodeDeleted);
  QCOMPARE(deleted.size(), size_t{2});
  QVERIFY(deleted[0].path.rfind("/b/", 0) == 0 && deleted[1].path.rfind("/a/", 0) == 0);
}

// All or nothing: the multilock takes /a, times out on /b (held by x) and gives /a back, so y
// gets /a while x still holds /b.
void TestRecipes::multilockPartialFailureReleasesWhatItTook() {
  LockHarness h(17);
  h.createPaths({"/a", "/b"});
  RecipeParameters both = timed(1000);
  both.lockPaths = {"/a", "/b"};
  h.addClient(spec("x", 0, plan({"acquire", "hold 3s", "release"})), "zk-curator", at("/b"));
  h.addClient(spec("m", fromMillis(100), plan({"acquire", "release"})), "zk-multilock", both);
  h.addClient(spec("y", fromMillis(200), plan({"acquire", "release"})), "zk-curator", at("/a"));
  h.start();
  QVERIFY(h.runUntilFinished());
  const Micros gaveUp = timeOf(h.lockEvents(sim::LockOp::TimedOut, "m"));
  QVERIFY(gaveUp > 0);
  QVERIFY(h.lockEvents(sim::LockOp::Acquired, "m").empty());
  const Micros yGot = timeOf(h.lockEvents(sim::LockOp::Acquired, "y"));
  QVERIFY(yGot > gaveUp - fromMillis(50) &&
          yGot < timeOf(h.lockEvents(sim::LockOp::Released, "x")));
  QCOMPARE(h.nodesCreated("/a", "m").size(), size_t{1});
  QVERIFY(h.childrenOf("/a").empty() && h.childrenOf("/b").empty());
}

void TestRecipes::persistentNodeOfCrashedHolderBlocksEveryone_data() {
  QTest::addColumn<QString>("recipe");
  QTest::addColumn<int>("acquired");
  QTest::newRow("zk-persistent") << "zk-persistent" << 1;
  QTest::newRow("zk-chained") << "zk-chained" << 3;
}

// A crashed holder's persistent node outlives its session: nobody else ever gets the lock.
void TestRecipes::persistentNodeOfCrashedHolderBlocksEveryone() {
  QFETCH(QString, recipe);
  QFETCH(int, acquired);
  LockHarness h(18);
  h.createPaths({"/lock"});
  h.addClients(3, recipe.toStdString(), fromMillis(500), {}, fromMillis(20));
  h.start();
  QVERIFY(h.runUntilLock("c0", sim::LockOp::Acquired));
  h.runFor(fromMillis(100));
  h.process("c0").crash();
  h.runFor(fromSeconds(60));
  QCOMPARE(static_cast<int>(h.lockEvents(sim::LockOp::Acquired).size()), acquired);
  QCOMPARE(h.childrenOf("/lock").size(), size_t{acquired == 1 ? 3u : 0u});
}

void TestRecipes::noRecheckGivesTwoHolders_data() {
  QTest::addColumn<QString>("recipe");
  QTest::addColumn<bool>("twoHolders");
  QTest::newRow("zk-no-recheck") << "zk-no-recheck" << true;
  QTest::newRow("zk-chained") << "zk-chained" << false;
}

// c0 holds; c1 waits behind it and crashes; when c1's session expires, c2 is told its
// predecessor is gone. Without listing again it takes the lock c0 still holds.
void TestRecipes::noRecheckGivesTwoHolders() {
  QFETCH(QString, recipe);
  QFETCH(bool, twoHolders);
  LockHarness h(19);
  h.createPaths({"/lock"});
  h.addClients(3, recipe.toStdString(), fromSeconds(10), {}, fromMillis(20));
  h.start();
  QVERIFY(h.runUntil([&] { return h.world.now() >= fromSeconds(1); }));
  h.process("c1").crash();
  h.runFor(fromSeconds(30));
  QCOMPARE(h.lockEvents(sim::LockOp::Acquired, "c2").size(), size_t{1});
  QCOMPARE(h.overlaps() > 0, twoHolders);
  QCOMPARE(h.resource.value() < h.resource.writes(), twoHolders);  // a lost update
}

void TestRecipes::lostWatchLeavesClientStuck_data() {
  QTest::addColumn<QString>("recipe");
  QTest::addColumn<bool>("stuck");
  QTest::newRow("zk-lost-watch") << "zk-lost-watch" << true;
  QTest::newRow("zk-lost-watch-exists") << "zk-lost-watch-exists" << true;
  QTest::newRow("zk-chained") << "zk-chained" << false;
  QTest::newRow("zk-curator") << "zk-curator" << false;
}

// The predecessor goes between the listing and the watch: a recipe that does not look at the
// watching call's answer waits for an event that will never come.
void TestRecipes::lostWatchLeavesClientStuck() {
  QFETCH(QString, recipe);
  QFETCH(bool, stuck);
  LockHarness h(20);
  deleteBetweenListAndWatch(h, recipe.toStdString().c_str());
  h.runFor(fromSeconds(30));
  QCOMPARE(h.lockEvents(sim::LockOp::Acquired, "c1").empty(), stuck);
  QCOMPARE(h.client("c1").phase() == clients::LockClient::Phase::Acquiring, stuck);
}

void TestRecipes::vanishedPredecessorLeaksExistsWatch_data() {
  QTest::addColumn<QString>("recipe");
  QTest::addColumn<int>("leaked");
  QTest::newRow("zk-chained (exists)") << "zk-chained" << 1;
  QTest::newRow("zk-curator (getData)") << "zk-curator" << 0;
}

// exists() on a predecessor already gone arms a creation watch that nothing will ever fire;
// getData() fails and arms nothing.
void TestRecipes::vanishedPredecessorLeaksExistsWatch() {
  QFETCH(QString, recipe);
  QFETCH(int, leaked);
  LockHarness h(20);
  deleteBetweenListAndWatch(h, recipe.toStdString().c_str());
  QVERIFY(h.runUntilLock("c1", sim::LockOp::Acquired));
  const std::string predecessor = h.lockEvents(sim::LockOp::Acquired, "c0").at(0).path;
  const int64_t session = h.sessionId("c1");
  int armed = 0;
  for (const auto& watch : h.model.server().tree().watches().entries()) {
    if (watch.session == session) {
      QCOMPARE(watch.path, predecessor);
      ++armed;
    }
  }
  QCOMPARE(armed, leaked);
}

// zk-persistent-watch: one addWatch per acquire and no watched reads; every release still wakes
// every client queued behind it, and each holder takes its watch away: none is left at the end.
void TestRecipes::persistentWatchHerdsWithoutReArming() {
  LockHarness h(3);
  h.createPaths({"/lock"});
  h.addClients(6, "zk-persistent-watch", fromMillis(100));
  h.start();
  QVERIFY(h.runUntilFinished());
  QCOMPARE(h.overlaps(), 0);
  QCOMPARE(h.events(TraceKind::WatchSet, "server", sim::WatchOp::Persistent).size(), size_t{6});
  QCOMPARE(h.events(TraceKind::WatchSet, "server", sim::WatchOp::Child).size(), size_t{0});
  QCOMPARE(h.events(TraceKind::WatchRemoved).size(), size_t{12});  // both tables, each client
  everyReleaseWokeTheQueue(h, 6);
}

// zk-watch-events: the watcher hears NodeCreated (its exists watch on a missing node),
// NodeChildrenChanged, NodeDataChanged, NodeDeleted and NodeChildrenChanged, in that order, and
// closing removes what it had set again.
void TestRecipes::watchEventsReportEachType() {
  LockHarness h(5);
  h.createPaths({"/app"});
  h.addClient(spec("watcher", 0, plan({"acquire read", "hold 1s", "release read"})),
              "zk-watch-events", at("/app"));
  h.addClient(spec("writer", fromMillis(100),
                   plan({"acquire", "hold 100ms", "write", "hold 100ms", "release"})),
              "zk-watch-events", at("/app"));
  h.start();
  QVERIFY(h.runUntilFinished());
  QStringList heard;
  for (const sim::RecordedEvent& event : h.events(TraceKind::WatchDelivered, "watcher"))
    heard << QString::fromStdString(event.value + " " + event.path);
  QCOMPARE(heard, (QStringList{"NodeCreated /app/config", "NodeChildrenChanged /app",
                               "NodeDataChanged /app/config", "NodeDeleted /app/config",
                               "NodeChildrenChanged /app"}));
  QCOMPARE(h.events(TraceKind::WatchRemoved).size(), size_t{2});  // exists on config, child on /app
}

// zk-node-cache: the writer sets the node again while the cache, paused with the notification of
// the first change in hand, has not re-read it: the cache goes from version 0 to version 2.
void TestRecipes::nodeCacheSkipsAVersionWrittenBeforeItReArms() {
  LockHarness h(1);
  h.createPaths({"/config"});
  h.addClient(spec("cache", 0, plan({"acquire read", "hold 2s", "release read"})), "zk-node-cache",
              at("/config"));
  h.addClient(spec("writer", fromMillis(100), plan({"write", "hold 300ms", "write"})),
              "zk-node-cache", at("/config"));
  h.start();
  QVERIFY(h.runUntil([&] { return !h.events(TraceKind::WatchDelivered, "cache").empty(); }));
  h.process("cache").pause();
  h.runFor(fromMillis(500));
  h.process("cache").resume();
  QVERIFY(h.runUntilFinished());
  std::vector<int64_t> versions;
  for (const sim::RecordedEvent& note : h.events(TraceKind::Note, "cache", sim::NoteOp::Cache))
    versions.push_back(note.request);
  QCOMPARE(versions, (std::vector<int64_t>{0, 2}));
  QCOMPARE(h.events(TraceKind::NodeChanged).size(), size_t{2});
}

// zk-children-cache: the cache lists each registered service, follows a data change and drops a
// crashed service only when its session expires and its node goes.
void TestRecipes::childrenCacheFollowsRegistrations() {
  LockHarness h(2);
  h.createPaths({"/services"});
  for (const char* name : {"s1", "s2"})
    h.addClient(spec(name, 0, plan({"acquire", "hold 200ms", "write", "hold 10s", "release"})),
                "zk-children-cache", at("/services"));
  h.addClient(spec("app", fromMillis(50), plan({"acquire read", "hold 12s", "release read"})),
              "zk-children-cache", at("/services"));
  h.start();
  QVERIFY(h.runUntilLock("app", sim::LockOp::Acquired));
  h.runFor(fromMillis(400));
  h.process("s2").crash();
  const Micros crash = h.world.now();
  QVERIFY(h.runUntilLock("app", sim::LockOp::Done, fromSeconds(60)));  // s2 never finishes
  QStringList held;
  Micros dropped = -1;
  for (const sim::RecordedEvent& note : h.events(TraceKind::Note, "app", sim::NoteOp::Cache)) {
    held << QString::fromStdString(note.value);
    if (dropped < 0 && note.time > crash && note.value.find("s2") == std::string::npos)
      dropped = note.time;
  }
  QCOMPARE(held.first(), QStringLiteral("s1=0, s2=0"));
  QVERIFY2(held.contains(QStringLiteral("s1=1, s2=1")), qPrintable(held.join(" | ")));
  QVERIFY2(held.contains(QStringLiteral("s1=1")), qPrintable(held.join(" | ")));
  const Micros expiry = timeOf(
      h.events(TraceKind::SessionState, "server", sim::SessionOp::Expired));
  QVERIFY(expiry - crash >= fromMillis(4000) * 2 / 3);
  QVERIFY(dropped >= expiry && dropped - expiry < fromMillis(100));
}

QTEST_GUILESS_MAIN(TestRecipes)
#include "tst_recipes.moc"
