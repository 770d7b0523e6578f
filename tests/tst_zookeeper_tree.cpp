// Goal: the model's znode tree follows ZooKeeper 3.8's write rules: create modes (containers
// reaped by the periodic check), the sequential suffix, cversion, every Stat field after each
// write, the order in which errors are reported, version checks, one zxid per write transaction
// (failed writes and session creation included) and the seeded order of getChildren.
//
// Method: one test function per rule. Each drives a fresh model through the public client API
// (synchronous wrappers from support/model_harness.h that run the world until the callback ran)
// and reads the outcome from the callbacks, the server's tree, and the trace (which gives the
// zxid and the virtual time of every write). Where a document and the real server could differ,
// the expected values were checked on a real ZooKeeper 3.8.0 with zkCli.sh; those cases say so.
#include <QtTest>

#include <algorithm>
#include <cstdio>

#include "support/model_harness.h"

using namespace lockscope;
using namespace lockscope::testing;
using zk::CreateMode;
using zk::ErrorCode;
using zk::Stat;

namespace {

// The zxid and time (ms) of the server's create of `path`, from the trace.
struct WriteStamp {
  int64_t zxid = 0;
  int64_t timeMs = 0;
};

WriteStamp stampOf(const ModelHarness& h, sim::TraceKind kind, const std::string& path) {
  const auto events = h.traced(kind, path);
  if (events.empty()) return {};
  return WriteStamp{events.back().zxid, sim::toMillis(events.back().time)};
}

std::string numbered(const char* prefix, int value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%s%02d", prefix, value);
  return buffer;
}

// Runs one call of `api` to its answer: `issue` gets a function (ErrorCode, T) to answer with.
template <typename T, typename Issue>
std::pair<ErrorCode, T> ask(ModelHarness& h, Issue issue) {
  auto slot = std::make_shared<std::optional<std::pair<ErrorCode, T>>>();
  issue([slot](ErrorCode rc, T value) { *slot = std::pair{rc, std::move(value)}; });
  h.runUntil([slot] { return slot->has_value(); });
  return slot->value_or(std::pair{ErrorCode::ConnectionLoss, T{}});
}

// A TTL create (zkCli's create -t) with data "x", run to its answer: (rc, created path).
std::pair<ErrorCode, std::string> createTtl(ModelHarness& h, TestClient& c, const std::string& path,
                                            CreateMode mode, int64_t ttlMs) {
  return ask<std::string>(h, [&](auto done) {
    c.api().createWithOptions(
        path, "x", mode, {.ttlMs = ttlMs, .acl = {}},
        [done](ErrorCode rc, const std::string& created, const Stat&) { done(rc, created); });
  });
}

}  // namespace

class TestZooKeeperTree : public QObject {
  Q_OBJECT

 private slots:
  // --- create modes ---

  void persistentNodeOutlivesItsSession() {
    ModelHarness h;
    auto owner = h.connect("owner");
    QCOMPARE(owner->create("/p", "data", CreateMode::Persistent).path, std::string("/p"));
    QCOMPARE(owner->exists("/p").stat->ephemeralOwner, 0);
    QCOMPARE(owner->close(), ErrorCode::Ok);

    auto other = h.connect("other");
    const DataResult read = other->getData("/p");
    QCOMPARE(read.rc, ErrorCode::Ok);
    QCOMPARE(read.data, std::string("data"));
  }

  void ephemeralNodeIsOwnedByItsSession() {
    ModelHarness h;
    auto owner = h.connect("owner");
    QCOMPARE(owner->create("/e", "", CreateMode::Ephemeral).rc, ErrorCode::Ok);
    QVERIFY(owner->sessionId() != 0);
    QCOMPARE(owner->exists("/e").stat->ephemeralOwner, owner->sessionId());
    QCOMPARE(owner->close(), ErrorCode::Ok);
    QVERIFY(!h.nodeExists("/e"));
  }

  void sequentialModesAppendTheParentsCounter() {
    ModelHarness h;
    auto c = h.connect("c");
    c->create("/q");
    const CreateResult persistent = c->create("/q/p-", "", CreateMode::PersistentSequential);
    const CreateResult ephemeral = c->create("/q/e-", "", CreateMode::EphemeralSequential);
    QCOMPARE(persistent.rc, ErrorCode::Ok);
    QCOMPARE(persistent.path, std::string("/q/p-0000000000"));
    QCOMPARE(ephemeral.path, std::string("/q/e-0000000001"));  // one counter per parent
    QCOMPARE(c->exists("/q/p-0000000000").stat->ephemeralOwner, 0);
    QCOMPARE(c->exists("/q/e-0000000001").stat->ephemeralOwner, c->sessionId());
  }

  // A default 3.8 server (extendedTypesEnabled off) refuses TTL modes with Unimplemented, before
  // it looks at the path, and the failed write still takes a zxid (checked with zkCli.sh against a
  // real 3.8.0: tests/zkcli/10-ttl.zk).
  void ttlCreateIsUnimplementedByDefault() {
    ModelHarness h;
    auto c = h.connect("c");
    c->create("/a");
    const int64_t before = h.server().lastZxid();
    QCOMPARE(createTtl(h, *c, "/t", CreateMode::PersistentWithTtl, 100).first,
             ErrorCode::Unimplemented);
    QCOMPARE(createTtl(h, *c, "/a", CreateMode::PersistentWithTtl, 100).first,
             ErrorCode::Unimplemented);
    QCOMPARE(createTtl(h, *c, "/a/s", CreateMode::PersistentSequentialWithTtl, 100).first,
             ErrorCode::Unimplemented);
    QCOMPARE(h.server().lastZxid(), before + 3);
    QVERIFY(!h.nodeExists("/t"));
    // The refused sequential create did not advance /a's counter.
    QCOMPARE(c->create("/a/s", "", CreateMode::PersistentSequential).path,
             std::string("/a/s0000000000"));
  }

  // With extendedTypesEnabled a TTL node is a persistent node to every reader: ephemeralOwner 0x0
  // in its Stat, children allowed, the parent's sequence counter used (as a real 3.8.0 started
  // with extendedTypesEnabled=true shows). The model has no TTL reaper: such nodes never expire.
  void ttlNodeIsPersistentWhenExtendedTypesAreEnabled() {
    zkm::ModelConfig config;
    config.server.extendedTypesEnabled = true;
    ModelHarness h(1, config);
    auto c = h.connect("c");
    QCOMPARE(createTtl(h, *c, "/t", CreateMode::PersistentWithTtl, 100000).first, ErrorCode::Ok);
    QCOMPARE(c->create("/t/child", "y").rc, ErrorCode::Ok);
    QCOMPARE(c->exists("/t").stat->ephemeralOwner, 0);
    QCOMPARE(c->exists("/t").stat->numChildren, 1);
    QCOMPARE(createTtl(h, *c, "/s", CreateMode::PersistentSequentialWithTtl, 5).second,
             std::string("/s0000000001"));
    QCOMPARE(createTtl(h, *c, "/t", CreateMode::PersistentWithTtl, 5).first, ErrorCode::NodeExists);
    // EphemeralType.validateTTL on the server: BadArguments outside (0, 2^40 - 1].
    QCOMPARE(createTtl(h, *c, "/z", CreateMode::PersistentWithTtl, 0).first,
             ErrorCode::BadArguments);
    QCOMPARE(createTtl(h, *c, "/z", CreateMode::PersistentWithTtl, zk::kMaxTtlMs + 1).first,
             ErrorCode::BadArguments);
  }

  void containerIsReapedByThePeriodicCheckNotAtOnce() {
    ModelHarness h;
    const sim::Micros interval = sim::fromMillis(h.server().config().containerCheckIntervalMs);
    QCOMPARE(interval, sim::fromSeconds(60));  // znode.container.checkIntervalMs default
    // Empty the container just after the first check (t = 60 s) ran.
    h.runUntilTime(interval + sim::fromSeconds(1));
    auto c = h.connect("c");
    QCOMPARE(c->create("/c", "", CreateMode::Container).rc, ErrorCode::Ok);
    QCOMPARE(c->create("/c/x").rc, ErrorCode::Ok);
    QCOMPARE(c->remove("/c/x"), ErrorCode::Ok);
    QCOMPARE(c->exists("/c", true).rc, ErrorCode::Ok);  // not at once

    // The check runs at a fixed rate from server start, not 60 s after the container emptied.
    const sim::Micros nextCheck = 2 * interval;
    h.runUntilTime(nextCheck - 1);
    QVERIFY(h.nodeExists("/c"));
    h.runUntilTime(nextCheck);
    QVERIFY(!h.nodeExists("/c"));
    const sim::RecordedEvent reaped = h.tracedOnce(sim::TraceKind::NodeDeleted, "/c");
    QCOMPARE(reaped.time, nextCheck);
    QCOMPARE(reaped.zxid, h.server().lastZxid());  // a transaction of its own
    QVERIFY(h.runUntil([&] { return !c->events(zk::EventType::NodeDeleted).empty(); }));
    QCOMPARE(c->events(zk::EventType::NodeDeleted).front(),
             nodeEvent(zk::EventType::NodeDeleted, "/c"));
  }

  void containerThatNeverHadChildrenIsKept() {
    ModelHarness h;
    auto c = h.connect("c");
    QCOMPARE(c->create("/c", "", CreateMode::Container).rc, ErrorCode::Ok);
    h.runFor(5 * sim::fromMillis(h.server().config().containerCheckIntervalMs));
    QCOMPARE(c->exists("/c").rc, ErrorCode::Ok);
  }

  void containerRefilledBeforeTheCheckIsKept() {
    ModelHarness h;
    auto c = h.connect("c");
    c->create("/c", "", CreateMode::Container);
    c->create("/c/x");
    c->remove("/c/x");
    c->create("/c/y");
    h.runFor(3 * sim::fromMillis(h.server().config().containerCheckIntervalMs));
    QCOMPARE(c->exists("/c").rc, ErrorCode::Ok);
    QCOMPARE(c->exists("/c/y").rc, ErrorCode::Ok);
  }

  void nestedContainersAreReapedOneLevelPerCheck() {
    // ContainerManager collects its candidates before deleting any: the parent still has the
    // child at the first check, so it goes at the next one.
    ModelHarness h;
    const sim::Micros interval = sim::fromMillis(h.server().config().containerCheckIntervalMs);
    auto c = h.connect("c");
    c->create("/outer", "", CreateMode::Container);
    c->create("/outer/inner", "", CreateMode::Container);
    c->create("/outer/inner/x");
    c->remove("/outer/inner/x");
    h.runUntilTime(interval);
    QVERIFY(!h.nodeExists("/outer/inner"));
    QVERIFY(h.nodeExists("/outer"));
    h.runUntilTime(2 * interval);
    QVERIFY(!h.nodeExists("/outer"));
    QCOMPARE(h.tracedOnce(sim::TraceKind::NodeDeleted, "/outer").time, 2 * interval);
  }

  // --- the sequential suffix ---

  void sequentialSuffixCountsEarlierCreatesNotDeletes() {
    // Verified on 3.8.0: create -s a, create b, create -s a, delete b, create -s a.
    ModelHarness h;
    auto c = h.connect("c");
    c->create("/p");
    QCOMPARE(c->create("/p/a", "", CreateMode::PersistentSequential).path,
             std::string("/p/a0000000000"));
    QCOMPARE(c->create("/p/b").rc, ErrorCode::Ok);  // a non-sequential create advances it
    QCOMPARE(c->create("/p/a", "", CreateMode::PersistentSequential).path,
             std::string("/p/a0000000002"));
    QCOMPARE(c->remove("/p/b"), ErrorCode::Ok);  // a delete does not
    QCOMPARE(c->create("/p/a", "", CreateMode::PersistentSequential).path,
             std::string("/p/a0000000003"));
  }

  void failedCreatesDoNotAdvanceTheSuffix() {
    ModelHarness h;
    auto c = h.connect("c");
    c->create("/p");
    c->create("/p/x");
    QCOMPARE(c->create("/p/x").rc, ErrorCode::NodeExists);
    QCOMPARE(c->create("/p/s-", "", CreateMode::PersistentSequential).path,
             std::string("/p/s-0000000001"));

    // A sequential name that already exists fails, and keeps failing: the counter stays put.
    // Verified on 3.8.0: after `create /p/a0000000005` made the counter 5, every `create -s /p/a`
    // printed "Node already exists: /p/a".
    c->create("/r");
    QCOMPARE(c->create("/r/a0000000001").rc, ErrorCode::Ok);  // counter 0 -> 1
    QCOMPARE(c->create("/r/a", "", CreateMode::PersistentSequential).rc, ErrorCode::NodeExists);
    QCOMPARE(c->create("/r/a", "", CreateMode::EphemeralSequential).rc, ErrorCode::NodeExists);
    QCOMPARE(c->create("/r/b", "", CreateMode::PersistentSequential).path,
             std::string("/r/b0000000001"));
  }

  void sequenceRestartsWhenTheParentIsRecreated() {
    ModelHarness h;
    auto c = h.connect("c");
    c->create("/p");
    const std::string first = c->create("/p/n", "", CreateMode::PersistentSequential).path;
    c->create("/p/n", "", CreateMode::PersistentSequential);
    QCOMPARE(c->remove(first), ErrorCode::Ok);
    QCOMPARE(c->remove("/p/n0000000001"), ErrorCode::Ok);
    QCOMPARE(c->remove("/p"), ErrorCode::Ok);
    c->create("/p");
    QCOMPARE(c->create("/p/n", "", CreateMode::PersistentSequential).path,
             std::string("/p/n0000000000"));
  }

  // --- cversion ---

  void cversionCountsCreatesAndDeletes() {
    ModelHarness h;
    auto c = h.connect("c");
    // 2 * creations - numChildren: the system nodes were never created by a create.
    // Verified on 3.8.0: a fresh server's `stat /` shows cversion -1, `stat /zookeeper` -2.
    QCOMPARE(c->exists("/").stat->cversion, -1);
    QCOMPARE(c->exists("/zookeeper").stat->cversion, -2);

    c->create("/p");
    c->create("/p/a");
    c->create("/p/b");
    c->create("/p/c");
    c->remove("/p/b");
    const Stat stat = *c->exists("/p").stat;
    QCOMPARE(stat.cversion, 4);  // three creates, one delete
    QCOMPARE(stat.numChildren, 2);
    // ... while the sequential suffix counts the creates only.
    QCOMPARE(c->create("/p/s", "", CreateMode::PersistentSequential).path,
             std::string("/p/s0000000003"));
    QCOMPARE(c->exists("/p").stat->cversion, 5);
    // Failed child writes leave it alone.
    QCOMPARE(c->create("/p/a").rc, ErrorCode::NodeExists);
    QCOMPARE(c->remove("/p/b"), ErrorCode::NoNode);
    QCOMPARE(c->exists("/p").stat->cversion, 5);
  }

  // --- Stat fields after each write ---

  void statAfterCreate() {
    ModelHarness h;
    auto c = h.connect("c");
    c->create("/p");
    const Stat parentBefore = *h.statAt("/p");
    h.runFor(sim::fromMillis(1500));  // so that ctime differs from the parent's

    const CreateResult reply = c->create("/p/n", "hello", CreateMode::Ephemeral);
    QCOMPARE(reply.rc, ErrorCode::Ok);
    const WriteStamp created = stampOf(h, sim::TraceKind::NodeCreated, "/p/n");
    QVERIFY(created.zxid > 0);
    const Stat expected{.czxid = created.zxid,
                        .mzxid = created.zxid,
                        .ctime = created.timeMs,
                        .mtime = created.timeMs,
                        .version = 0,
                        .cversion = 0,
                        .aversion = 0,
                        .ephemeralOwner = c->sessionId(),
                        .dataLength = 5,
                        .numChildren = 0,
                        .pzxid = created.zxid};
    QCOMPARE(reply.stat, expected);               // create2's Stat ...
    QCOMPARE(*c->exists("/p/n").stat, expected);  // ... is what a later read sees

    Stat parentAfter = parentBefore;
    parentAfter.pzxid = created.zxid;
    parentAfter.cversion = parentBefore.cversion + 1;
    parentAfter.numChildren = parentBefore.numChildren + 1;
    QCOMPARE(*c->exists("/p").stat, parentAfter);  // mzxid, mtime, version untouched
  }

  void statAfterSetData() {
    ModelHarness h;
    auto c = h.connect("c");
    c->create("/n", "one");
    c->create("/n/child");
    const Stat before = *h.statAt("/n");
    h.runFor(sim::fromMillis(1500));

    const StatResult set = c->setData("/n", "three", 0);
    QCOMPARE(set.rc, ErrorCode::Ok);
    const WriteStamp changed = stampOf(h, sim::TraceKind::NodeChanged, "/n");
    Stat expected = before;
    expected.mzxid = changed.zxid;
    expected.mtime = changed.timeMs;
    expected.version = 1;
    expected.dataLength = 5;
    QVERIFY(expected.mtime > before.mtime);
    QCOMPARE(*set.stat, expected);              // the reply's Stat ...
    QCOMPARE(*c->exists("/n").stat, expected);  // ... is what a later read sees
    QCOMPARE(c->getData("/n").data, std::string("three"));
  }

  void statAfterDelete() {
    ModelHarness h;
    auto c = h.connect("c");
    c->create("/p", "x");
    c->create("/p/a");
    c->create("/p/b");
    const Stat before = *h.statAt("/p");

    QCOMPARE(c->remove("/p/a"), ErrorCode::Ok);
    const WriteStamp deleted = stampOf(h, sim::TraceKind::NodeDeleted, "/p/a");
    Stat expected = before;
    expected.pzxid = deleted.zxid;
    expected.cversion = before.cversion + 1;
    expected.numChildren = 1;
    QCOMPARE(*c->exists("/p").stat, expected);
    QCOMPARE(c->exists("/p/a").rc, ErrorCode::NoNode);
  }

  // --- errors ---

  void createErrorsInOrder() {
    ModelHarness h;
    auto c = h.connect("c");
    c->create("/a");
    c->create("/e", "", CreateMode::Ephemeral);
    const size_t nodes = h.server().tree().nodeCount();

    QCOMPARE(c->create("/missing/x").rc, ErrorCode::NoNode);
    QCOMPARE(c->create("/missing/x", "", CreateMode::EphemeralSequential).rc, ErrorCode::NoNode);
    QCOMPARE(c->create("/a").rc, ErrorCode::NodeExists);
    QCOMPARE(c->create("/a", "", CreateMode::Ephemeral).rc, ErrorCode::NodeExists);
    QCOMPARE(c->create("/e/x").rc, ErrorCode::NoChildrenForEphemerals);
    QCOMPARE(c->create("/e/x", "", CreateMode::PersistentSequential).rc,
             ErrorCode::NoChildrenForEphemerals);
    // The parent is looked up first: a missing parent under an ephemeral is NoNode.
    QCOMPARE(c->create("/e/x/y").rc, ErrorCode::NoNode);
    // (NodeExists before NoChildrenForEphemerals cannot be observed: an ephemeral has no children.)
    QCOMPARE(h.server().tree().nodeCount(), nodes);
  }

  void deleteErrorsInOrder() {
    ModelHarness h;
    auto c = h.connect("c");
    c->create("/p");
    c->create("/p/child");

    QCOMPARE(c->remove("/missing"), ErrorCode::NoNode);
    QCOMPARE(c->remove("/missing", 7), ErrorCode::NoNode);  // NoNode before BadVersion
    QCOMPARE(c->remove("/p", 7), ErrorCode::BadVersion);    // BadVersion before NotEmpty
    QCOMPARE(c->remove("/p", 0), ErrorCode::NotEmpty);
    QCOMPARE(c->remove("/p", -1), ErrorCode::NotEmpty);
    // System nodes are refused before anything else. Verified on 3.8.0 ("Arguments are not
    // valid" for /, /zookeeper, /zookeeper/quota, /zookeeper/config, and `delete -v 3 /zookeeper`).
    for (const char* path : {"/", "/zookeeper", "/zookeeper/quota", "/zookeeper/config"}) {
      QCOMPARE(c->remove(path), ErrorCode::BadArguments);
      QVERIFY(h.nodeExists(path));
    }
    QCOMPARE(c->remove("/zookeeper", 3), ErrorCode::BadArguments);
    QVERIFY(h.nodeExists("/p"));
  }

  void setDataErrorsInOrder() {
    ModelHarness h;
    auto c = h.connect("c");
    c->create("/n", "v0");
    QCOMPARE(c->setData("/missing", "x").rc, ErrorCode::NoNode);
    QCOMPARE(c->setData("/missing", "x", 7).rc, ErrorCode::NoNode);  // NoNode before BadVersion
    const StatResult bad = c->setData("/n", "x", 7);
    QCOMPARE(bad.rc, ErrorCode::BadVersion);
    QVERIFY(!bad.stat.has_value());
    QCOMPARE(c->getData("/n").data, std::string("v0"));
  }

  void versionChecksWithMinusOneMatchingAny() {
    ModelHarness h;
    auto c = h.connect("c");
    c->create("/n");
    QCOMPARE(c->setData("/n", "a", 0).stat->version, 1);
    QCOMPARE(c->setData("/n", "b", 0).rc, ErrorCode::BadVersion);  // stale
    QCOMPARE(c->setData("/n", "c", -1).stat->version, 2);          // any
    QCOMPARE(c->setData("/n", "d", 2).stat->version, 3);           // exact
    QCOMPARE(c->remove("/n", 2), ErrorCode::BadVersion);
    QCOMPARE(c->remove("/n", 3), ErrorCode::Ok);
    c->create("/m");
    c->setData("/m", "x");
    QCOMPARE(c->remove("/m", -1), ErrorCode::Ok);
  }

  // --- zxids ---

  void everyWriteTransactionTakesOneZxidFailedOnesToo() {
    ModelHarness h;
    auto c = h.connect("c");
    c->create("/a");
    const int64_t first = c->exists("/a").stat->czxid;
    QCOMPARE(h.server().lastZxid(), first);

    QCOMPARE(c->create("/a").rc, ErrorCode::NodeExists);           // +1
    QCOMPARE(c->setData("/a", "x", 9).rc, ErrorCode::BadVersion);  // +1
    QCOMPARE(c->remove("/missing"), ErrorCode::NoNode);            // +1
    QCOMPARE(c->create("/none/x").rc, ErrorCode::NoNode);          // +1
    QCOMPARE(h.server().lastZxid(), first + 4);

    // Reads and sync are not transactions (verified on 3.8.0 for sync).
    c->getData("/a", true);
    c->getChildren("/", true);
    c->exists("/zz", true);
    bool synced = false;
    c->api().sync("/", [&](ErrorCode) { synced = true; });
    QVERIFY(h.runUntil([&] { return synced; }));
    QCOMPARE(h.server().lastZxid(), first + 4);

    c->create("/b");
    QCOMPARE(c->exists("/b").stat->czxid, first + 5);
    c->setData("/b", "y");
    QCOMPARE(c->exists("/b").stat->mzxid, first + 6);
  }

  void sessionCreationAndCloseAreTransactions() {
    // Verified on 3.8.0: the first session is txn 0x1 (the first create gets czxid 0x2); a
    // zkCli that quits and a new one that connects take one zxid each.
    ModelHarness h;
    auto first = h.connect("first");
    const auto created = h.traced(sim::TraceKind::SessionState);
    QVERIFY(!created.empty());
    QVERIFY(created.front().op == sim::SessionOp::Created);
    QCOMPARE(created.front().zxid, 1);
    first->create("/a");
    QCOMPARE(first->exists("/a").stat->czxid, 2);

    auto second = h.connect("second");
    first->create("/b");
    QCOMPARE(first->exists("/b").stat->czxid, 4);  // the second session took 3
    QCOMPARE(second->close(), ErrorCode::Ok);
    first->create("/c");
    QCOMPARE(first->exists("/c").stat->czxid, 6);  // closing it took 5
  }

  // --- getChildren order ---

  void childrenOrderIsASeededShuffle() {
    constexpr int kChildren = 30;
    std::vector<std::string> sorted;
    for (int i = 0; i < kChildren; ++i) sorted.push_back(numbered("n", i));
    const auto listing = [&](uint64_t seed) {
      ModelHarness h(seed);
      auto c = h.connect("c");
      c->create("/p");
      for (const std::string& name : sorted) c->create("/p/" + name);
      const ChildrenResult listed = c->getChildren("/p");
      if (listed.rc != ErrorCode::Ok) return std::vector<std::string>{};
      return listed.names;
    };

    const std::vector<std::string> seed1 = listing(1);
    const std::vector<std::string> seed2 = listing(2);
    QCOMPARE(listing(1), seed1);  // same seed, same order
    QVERIFY(seed1 != seed2);      // another seed, another order
    QVERIFY(seed1 != sorted);     // not the sorted order a careless recipe would rely on
    for (std::vector<std::string> names : {seed1, seed2}) {
      std::sort(names.begin(), names.end());
      QCOMPARE(names, sorted);  // the same children, only reordered
    }
  }

  // --- the reads only zkCli makes (getAcl, getAllChildrenNumber, getEphemerals, whoami) ---

  // Each expected value was printed by zkCli 3.8.0 against a fresh server (tests/zkcli/09-*).
  void zkCliReadsAnswerAsTheServer() {
    ModelHarness h;
    auto c = h.connect("c");
    zk::ZooKeeperClient& api = c->api();
    const auto count = [&](const std::string& path) {
      return ask<int32_t>(h, [&](auto answer) {
        api.getAllChildrenNumber(path, [answer](ErrorCode rc, int32_t n) { answer(rc, n); });
      });
    };
    using Paths = std::vector<std::string>;
    const auto ephemerals = [&](const std::string& prefix) {
      return ask<Paths>(h, [&](auto answer) {
        api.getEphemerals(prefix,
                          [answer](ErrorCode rc, const Paths& paths) { answer(rc, paths); });
      });
    };
    using AclAndStat = std::pair<std::vector<zk::Acl>, Stat>;
    const auto acl = [&](const std::string& path) {
      return ask<AclAndStat>(h, [&](auto answer) {
        api.getAcl(path,
                   [answer](ErrorCode rc, const std::vector<zk::Acl>& entries, const Stat& stat) {
                     answer(rc, AclAndStat{entries, stat});
                   });
      });
    };

    // getAllChildrenNumber: "/" counts /zookeeper and its two children; "/a" is not "/ab".
    QCOMPARE(count("/"), std::pair(ErrorCode::Ok, int32_t{3}));
    QCOMPARE(count("/zookeeper"), std::pair(ErrorCode::Ok, int32_t{2}));
    QCOMPARE(count("/nope").first, ErrorCode::NoNode);
    for (const char* path : {"/a", "/a/b", "/a/b/c", "/ab", "/ab/x"}) c->create(path);
    QCOMPARE(count("/a"), std::pair(ErrorCode::Ok, int32_t{2}));
    QCOMPARE(count("/a/b/c"), std::pair(ErrorCode::Ok, int32_t{0}));
    QCOMPARE(count("/"), std::pair(ErrorCode::Ok, int32_t{8}));

    // getEphemerals: the HashSet clone's order; the prefix is text, not a subtree.
    QCOMPARE(ephemerals("/"), std::pair(ErrorCode::Ok, std::vector<std::string>{}));
    for (const char* path : {"/e1", "/e2", "/a/e3", "/e5", "/e6"})
      c->create(path, "", CreateMode::Ephemeral);
    QCOMPARE(ephemerals("/").second, (Paths{"/e6", "/a/e3", "/e1", "/e2", "/e5"}));
    QCOMPARE(ephemerals("").second, (Paths{"/e6", "/a/e3", "/e1", "/e2", "/e5"}));
    QCOMPARE(ephemerals("/e").second, (Paths{"/e6", "/e1", "/e2", "/e5"}));
    QCOMPARE(ephemerals("/a").second, (Paths{"/a/e3"}));
    auto other = h.connect("other");
    QCOMPARE(other->create("/o", "", CreateMode::Ephemeral).rc, ErrorCode::Ok);
    QCOMPARE(ephemerals("/o").second, Paths{});  // another session's ephemerals are not listed

    // getAcl: world:anyone:cdrwa everywhere but /zookeeper/config (read only), with the Stat.
    const zk::Acl open{"world", "anyone", zk::kAllPermissions};
    const auto [rc, entries] = acl("/a");
    QCOMPARE(rc, ErrorCode::Ok);
    QCOMPARE(entries.first, std::vector<zk::Acl>{open});
    QCOMPARE(entries.second, *c->exists("/a").stat);
    QCOMPARE(acl("/zookeeper/config").second.first,
             (std::vector<zk::Acl>{{"world", "anyone", zk::kReadPermission}}));
    QCOMPARE(acl("/zookeeper/config").second.second.aversion, -1);
    QCOMPARE(acl("/nope").first, ErrorCode::NoNode);

    // whoami: the identity of a client on the server's machine.
    using Identities = std::vector<zk::ClientIdentity>;
    const auto identities = ask<Identities>(h, [&](auto answer) {
      api.whoAmI([answer](ErrorCode rc, const Identities& found) { answer(rc, found); });
    });
    QCOMPARE(identities.second, (Identities{{"ip", "127.0.0.1"}}));
  }
};

QTEST_GUILESS_MAIN(TestZooKeeperTree)
#include "tst_zookeeper_tree.moc"
