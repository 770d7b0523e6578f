// Goal: model watches behave as ZooKeeper 3.8's: one-shot; which reads arm what (exists on a
// missing node arms a creation watch, getData/getChildren there arm nothing); which write fires
// which event; one event per session and change; a watch event before any reply that reflects
// the change; session state changes reach the watcher and leave watches armed; nothing while
// disconnected; re-arming with SetWatches after a reconnect, firing what was missed; and a watch
// table the checkers can count.
//
// Method: one test function per rule. Watchers are separate model clients (each its own session,
// process and connection) driven through the public API; support/model_harness.h logs every
// watcher event and call completion of a client in the order the client saw them, which is what
// the ordering rules are about. The server's watch table (tree().watches()) shows what is armed.
// Disconnections are real faults (the client's connection is cut, then restored before the
// session can expire). The real server was checked with zkCli.sh where noted.
#include <QtTest>

#include <algorithm>
#include <functional>
#include <optional>
#include <set>
#include <vector>

#include "backends/model/zookeeper/session_set.h"

#include "support/model_harness.h"

using namespace lockscope;
using namespace lockscope::testing;
using zk::CreateMode;
using zk::ErrorCode;
using zk::EventType;
using zk::SessionState;
using zk::WatchedEvent;
using zkm::WatchKind;

namespace {

// The node events (not session state changes) a client's watcher saw, in order.
std::vector<WatchedEvent> nodeEvents(const TestClient& client) {
  std::vector<WatchedEvent> result;
  for (const WatchedEvent& event : client.events()) {
    if (event.type != EventType::None) result.push_back(event);
  }
  return result;
}

size_t armedFor(ModelHarness& h, const TestClient& client) {
  return h.server().tree().watches().countForSession(client.sessionId());
}

bool armed(ModelHarness& h, WatchKind kind, const std::string& path, const TestClient& client) {
  return h.server().tree().watches().has(kind, path, client.sessionId());
}

// Index in the client's log of the first event `event`, or of the first reply to `op` on `path`.
int indexOfEvent(const TestClient& client, const WatchedEvent& event) {
  const auto& log = client.log();
  for (size_t i = 0; i < log.size(); ++i) {
    if (log[i].kind == Observed::Kind::Event && log[i].event == event) return static_cast<int>(i);
  }
  return -1;
}
int indexOfReply(const TestClient& client, const std::string& op, const std::string& path,
                 int from = 0) {
  const auto& log = client.log();
  for (size_t i = static_cast<size_t>(from); i < log.size(); ++i) {
    if (log[i].kind == Observed::Kind::Reply && log[i].op == op && log[i].path == path) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

// Cuts the client's connection, runs `whileCut` (the missed changes), waits for the client to
// report Disconnected, heals the network before the first reconnect attempt and waits until the
// client is connected again on the same session. False if any step did not happen.
bool partitionBriefly(ModelHarness& h, TestClient& client, const std::function<void()>& whileCut) {
  const int64_t session = client.sessionId();
  const sim::Micros cutAt = h.now();
  h.model.connection(client.name())->cut();
  whileCut();
  if (!h.runUntil([&] { return client.stateTime(SessionState::Disconnected, cutAt) >= 0; }))
    return false;
  const sim::Micros disconnectedAt = h.now();
  h.model.connection(client.name())->restore();
  return h.runUntil([&] {
    return client.stateTime(SessionState::SyncConnected, disconnectedAt) >= 0;
  }) && client.sessionId() == session;
}

// The setting of most rules: a fresh server, a client whose watcher is observed, and a writer.
struct Scene {
  ModelHarness h;
  std::unique_ptr<TestClient> watcher = h.connect("watcher");
  std::unique_ptr<TestClient> writer = h.connect("writer");
};

// Runs one addWatch or removeWatches of `client` to its answer.
ErrorCode answerOf(ModelHarness& h,
                   const std::function<void(zk::ZooKeeperClient::VoidCallback)>& issue) {
  auto rc = std::make_shared<std::optional<ErrorCode>>();
  issue([rc](ErrorCode answer) { *rc = answer; });
  h.runUntil([rc] { return rc->has_value(); });
  return rc->value_or(ErrorCode::ConnectionLoss);
}

}  // namespace

class TestZooKeeperWatches : public QObject {
  Q_OBJECT

 private slots:
  // addWatch (checked with zkCli.sh on a real 3.8.0, tests/zkcli/11-persistent-watches.zk): a
  // recursive watch hears every create, delete and data change at or below its node, never
  // NodeChildrenChanged, and stays armed; a persistent one hears its node's data and children.
  void persistentWatchesFireWithoutBeingRearmed() {
    Scene s;
    zk::ZooKeeperClient& api = s.watcher->api();
    QCOMPARE(answerOf(s.h,
                      [&](auto done) {
                        api.addWatch("/w", zk::AddWatchMode::PersistentRecursive, std::move(done));
                      }),
             ErrorCode::Ok);
    QCOMPARE(answerOf(s.h,
                      [&](auto done) {
                        api.addWatch("/p", zk::AddWatchMode::Persistent, std::move(done));
                      }),
             ErrorCode::Ok);
    s.writer->create("/w");
    s.writer->create("/w/a");
    s.writer->setData("/w/a", "1");
    s.writer->setData("/w/a", "2");
    s.writer->remove("/w/a");
    s.writer->create("/p");
    s.writer->create("/p/c");
    s.writer->setData("/p/c", "x");  // below a persistent (not recursive) watch: nothing
    s.writer->setData("/p", "y");
    const std::vector<WatchedEvent> expected = {
        {EventType::NodeCreated, SessionState::SyncConnected, "/w"},
        {EventType::NodeCreated, SessionState::SyncConnected, "/w/a"},
        {EventType::NodeDataChanged, SessionState::SyncConnected, "/w/a"},
        {EventType::NodeDataChanged, SessionState::SyncConnected, "/w/a"},
        {EventType::NodeDeleted, SessionState::SyncConnected, "/w/a"},
        {EventType::NodeCreated, SessionState::SyncConnected, "/p"},
        {EventType::NodeChildrenChanged, SessionState::SyncConnected, "/p"},
        {EventType::NodeDataChanged, SessionState::SyncConnected, "/p"}};
    QCOMPARE(nodeEvents(*s.watcher), expected);
  }

  // removeWatches -d of a persistent watch: the server drops the data table's entry, the client
  // keeps its copy and answers NoWatcher; children changes still fire. -a then takes the rest and
  // tells the watcher PersistentWatchRemoved (all observed on 3.8.0).
  void removingAPersistentWatchsDataPartLeavesItsChildPart() {
    Scene s;
    zk::ZooKeeperClient& api = s.watcher->api();
    s.writer->create("/p");
    answerOf(s.h,
             [&](auto done) { api.addWatch("/p", zk::AddWatchMode::Persistent, std::move(done)); });
    QCOMPARE(answerOf(s.h,
                      [&](auto done) {
                        api.removeWatches("/p", zk::WatcherType::Data, false, std::move(done));
                      }),
             ErrorCode::NoWatcher);
    s.writer->setData("/p", "x");
    s.writer->create("/p/c");
    QCOMPARE(answerOf(s.h,
                      [&](auto done) {
                        api.removeWatches("/p", zk::WatcherType::Any, false, std::move(done));
                      }),
             ErrorCode::Ok);
    s.writer->create("/p/d");
    QCOMPARE(answerOf(s.h,
                      [&](auto done) {
                        api.removeWatches("/p", zk::WatcherType::Any, false, std::move(done));
                      }),
             ErrorCode::NoWatcher);
    const std::vector<WatchedEvent> expected = {
        {EventType::NodeChildrenChanged, SessionState::SyncConnected, "/p"},
        {EventType::PersistentWatchRemoved, SessionState::SyncConnected, "/p"}};
    QCOMPARE(nodeEvents(*s.watcher), expected);
    QCOMPARE(armedFor(s.h, *s.watcher), size_t{0});
  }

  void watchesAreOneShot() {
    Scene scene;
    auto& [h, watcher, writer] = scene;
    writer->create("/n");
    QCOMPARE(watcher->getData("/n", true).rc, ErrorCode::Ok);
    QCOMPARE(armedFor(h, *watcher), size_t{1});

    QCOMPARE(writer->setData("/n", "1").rc, ErrorCode::Ok);
    QVERIFY(h.runUntil([&] { return !nodeEvents(*watcher).empty(); }));
    QCOMPARE(armedFor(h, *watcher), size_t{0});
    QCOMPARE(writer->setData("/n", "2").rc, ErrorCode::Ok);
    QCOMPARE(writer->remove("/n"), ErrorCode::Ok);
    h.runFor(sim::fromSeconds(1));
    QCOMPARE(nodeEvents(*watcher),
             std::vector<WatchedEvent>{nodeEvent(EventType::NodeDataChanged, "/n")});
  }

  void existsOnAMissingNodeArmsACreationWatch() {
    Scene scene;
    auto& [h, watcher, writer] = scene;
    QCOMPARE(watcher->exists("/n", true).rc, ErrorCode::NoNode);
    QVERIFY(armed(h, WatchKind::Data, "/n", *watcher));
    QVERIFY(h.tracedOnce(sim::TraceKind::WatchSet, "/n").op == sim::WatchOp::Exists);

    QCOMPARE(writer->create("/n").rc, ErrorCode::Ok);
    QVERIFY(h.runUntil([&] { return !nodeEvents(*watcher).empty(); }));
    QCOMPARE(nodeEvents(*watcher),
             std::vector<WatchedEvent>{nodeEvent(EventType::NodeCreated, "/n")});
    QCOMPARE(armedFor(h, *watcher), size_t{0});
  }

  void getDataAndGetChildrenOnAMissingNodeArmNothing() {
    Scene scene;
    auto& [h, watcher, writer] = scene;
    QCOMPARE(watcher->getData("/n", true).rc, ErrorCode::NoNode);
    QCOMPARE(watcher->getChildren("/n", true).rc, ErrorCode::NoNode);
    QCOMPARE(armedFor(h, *watcher), size_t{0});
    QVERIFY(h.traced(sim::TraceKind::WatchSet).empty());

    writer->create("/n");
    writer->create("/n/child");
    writer->setData("/n", "x");
    h.runFor(sim::fromSeconds(1));
    QVERIFY(nodeEvents(*watcher).empty());
  }

  void createFiresNodeCreatedAndTheParentsChildrenChanged() {
    Scene scene;
    auto& [h, watcher, writer] = scene;
    writer->create("/p");
    watcher->exists("/p/n", true);
    watcher->getChildren("/p", true);
    watcher->getData("/p", true);  // the parent's data watch is not a child watch

    QCOMPARE(writer->create("/p/n").rc, ErrorCode::Ok);
    QVERIFY(h.runUntil([&] { return nodeEvents(*watcher).size() >= 2; }));
    h.runFor(sim::fromSeconds(1));
    // DataTree.createNode fires the node's data watches, then the parent's child watches.
    QCOMPARE(nodeEvents(*watcher),
             (std::vector<WatchedEvent>{nodeEvent(EventType::NodeCreated, "/p/n"),
                                        nodeEvent(EventType::NodeChildrenChanged, "/p")}));
    QVERIFY(armed(h, WatchKind::Data, "/p", *watcher));
  }

  void deleteFiresNodeDeletedToDataAndChildWatchersAndTheParentsChildrenChanged() {
    ModelHarness h;
    auto writer = h.connect("writer");
    writer->create("/p");
    writer->create("/p/n");
    auto byGetData = h.connect("byGetData");
    auto byExists = h.connect("byExists");
    auto byGetChildren = h.connect("byGetChildren");
    auto parentChildren = h.connect("parentChildren");
    auto parentData = h.connect("parentData");
    byGetData->getData("/p/n", true);
    byExists->exists("/p/n", true);
    byGetChildren->getChildren("/p/n", true);
    parentChildren->getChildren("/p", true);
    parentData->getData("/p", true);

    QCOMPARE(writer->remove("/p/n"), ErrorCode::Ok);
    h.runFor(sim::fromSeconds(1));
    const std::vector<WatchedEvent> deleted{nodeEvent(EventType::NodeDeleted, "/p/n")};
    QCOMPARE(nodeEvents(*byGetData), deleted);
    QCOMPARE(nodeEvents(*byExists), deleted);
    QCOMPARE(nodeEvents(*byGetChildren), deleted);
    QCOMPARE(nodeEvents(*parentChildren),
             std::vector<WatchedEvent>{nodeEvent(EventType::NodeChildrenChanged, "/p")});
    QVERIFY(nodeEvents(*parentData).empty());  // verified on 3.8.0 (`get -w /w`, `delete /w/n`)
    QVERIFY(armed(h, WatchKind::Data, "/p", *parentData));
  }

  void setDataFiresNodeDataChangedOnly() {
    Scene scene;
    auto& [h, watcher, writer] = scene;
    writer->create("/p");
    writer->create("/p/n");
    watcher->getData("/p/n", true);
    watcher->exists("/p/n", true);
    watcher->getChildren("/p/n", true);
    watcher->getChildren("/p", true);
    QCOMPARE(armedFor(h, *watcher), size_t{3});  // getData and exists share the data watch

    QCOMPARE(writer->setData("/p/n", "x").rc, ErrorCode::Ok);
    h.runFor(sim::fromSeconds(1));
    QCOMPARE(nodeEvents(*watcher),
             std::vector<WatchedEvent>{nodeEvent(EventType::NodeDataChanged, "/p/n")});
    QVERIFY(armed(h, WatchKind::Child, "/p/n", *watcher));
    QVERIFY(armed(h, WatchKind::Child, "/p", *watcher));
  }

  void oneEventPerSessionWhenBothWatchKindsMatch() {
    // Verified on 3.8.0: `get -w`, `ls -w` and `stat -w` on /w/n, then `delete /w/n`, prints one
    // NodeDeleted.
    Scene scene;
    auto& [h, watcher, writer] = scene;
    writer->create("/n");
    watcher->getData("/n", true);
    watcher->getChildren("/n", true);
    QCOMPARE(armedFor(h, *watcher), size_t{2});

    QCOMPARE(writer->remove("/n"), ErrorCode::Ok);
    h.runFor(sim::fromSeconds(1));
    QCOMPARE(nodeEvents(*watcher),
             std::vector<WatchedEvent>{nodeEvent(EventType::NodeDeleted, "/n")});
    QCOMPARE(h.traced(sim::TraceKind::WatchFired, "/n").size(), size_t{1});
    QCOMPARE(armedFor(h, *watcher), size_t{0});
  }

  void watchEventReachesTheWriterBeforeItsOwnReply() {
    ModelHarness h;
    auto c = h.connect("c");
    c->exists("/n", true);
    QCOMPARE(c->create("/n").rc, ErrorCode::Ok);
    c->getData("/n", true);
    QCOMPARE(c->setData("/n", "x").rc, ErrorCode::Ok);
    c->exists("/n", true);
    QCOMPARE(c->remove("/n"), ErrorCode::Ok);

    const std::pair<WatchedEvent, std::string> causes[] = {
        {nodeEvent(EventType::NodeCreated, "/n"), "create"},
        {nodeEvent(EventType::NodeDataChanged, "/n"), "setData"},
        {nodeEvent(EventType::NodeDeleted, "/n"), "delete"}};
    for (const auto& [event, op] : causes) {
      const int eventAt = indexOfEvent(*c, event);
      QVERIFY2(eventAt >= 0, qPrintable(QString::fromStdString(op)));
      QVERIFY2(eventAt < indexOfReply(*c, op, "/n"), qPrintable(QString::fromStdString(op)));
    }
  }

  void watchEventReachesAReaderBeforeAReplyReflectingTheChange() {
    // Reader and writer race: across seeds the read is served before or after the write. When
    // the reply shows the new data, the reader must already have had the event.
    int sawNew = 0, sawOld = 0;
    for (uint64_t seed = 1; seed <= 40; ++seed) {
      ModelHarness h(seed);
      auto reader = h.connect("reader");
      auto writer = h.connect("writer");
      writer->create("/n", "old");
      QCOMPARE(reader->getData("/n", true).rc, ErrorCode::Ok);

      const int issuedAt = static_cast<int>(reader->log().size());
      const Pending<DataResult> read = reader->getDataAsync("/n");
      const Pending<StatResult> write = writer->setDataAsync("/n", "new");
      QVERIFY(h.runUntil([&] { return read.ready() && write.ready(); }));
      QVERIFY(h.runUntil([&] { return !nodeEvents(*reader).empty(); }));
      const int eventAt = indexOfEvent(*reader, nodeEvent(EventType::NodeDataChanged, "/n"));
      const int replyAt = indexOfReply(*reader, "getData", "/n", issuedAt);
      QVERIFY(eventAt >= 0 && replyAt >= 0);
      if (read.get().data == "new") {
        ++sawNew;
        QVERIFY2(eventAt < replyAt, qPrintable(QStringLiteral("seed %1").arg(seed)));
      } else {
        ++sawOld;
        QCOMPARE(read.get().data, std::string("old"));
      }
    }
    QVERIFY2(sawNew > 0 && sawOld > 0, "the seeds should cover both orders");
  }

  void sessionStateChangesReachTheWatcherAndLeaveWatchesArmed() {
    Scene scene;
    auto& [h, watcher, writer] = scene;
    writer->create("/n");
    watcher->getData("/n", true);
    QVERIFY(partitionBriefly(h, *watcher, [] {}));
    QCOMPARE(watcher->statesSeen(), std::string("SyncConnected Disconnected SyncConnected"));
    for (const WatchedEvent& event : watcher->events(EventType::None))
      QCOMPARE(event.path, std::string());

    h.runFor(sim::fromSeconds(1));
    QVERIFY(armed(h, WatchKind::Data, "/n", *watcher));  // re-armed on the same session
    writer->setData("/n", "x");
    QVERIFY(h.runUntil([&] { return !nodeEvents(*watcher).empty(); }));
    QCOMPARE(nodeEvents(*watcher),
             std::vector<WatchedEvent>{nodeEvent(EventType::NodeDataChanged, "/n")});
  }

  void noEventsWhileDisconnected() {
    Scene scene;
    auto& [h, watcher, writer] = scene;
    writer->create("/n");
    watcher->getData("/n", true);

    sim::Micros reconnectedAt = -1;
    QVERIFY(partitionBriefly(h, *watcher, [&] {
      QCOMPARE(writer->setData("/n", "x").rc, ErrorCode::Ok);
      QVERIFY(h.runUntil([&] { return watcher->sawState(SessionState::Disconnected); }));
      QVERIFY(nodeEvents(*watcher).empty());  // the change happened seconds ago
    }));
    reconnectedAt = h.now();
    QVERIFY(h.runUntil([&] { return !nodeEvents(*watcher).empty(); }));
    QVERIFY(indexOfEvent(*watcher, nodeEvent(EventType::NodeDataChanged, "/n")) >
            indexOfEvent(*watcher, stateEvent(SessionState::Disconnected)));
    QVERIFY(h.now() >= reconnectedAt);
  }

  void reconnectRearmsWatchesAndFiresMissedChanges() {
    Scene scene;
    auto& [h, watcher, writer] = scene;
    for (const char* path : {"/data", "/gone", "/kids", "/stay"}) writer->create(path);
    watcher->getData("/data", true);
    watcher->exists("/gone", true);
    watcher->getChildren("/kids", true);
    watcher->exists("/born", true);
    watcher->getData("/stay", true);
    QCOMPARE(armedFor(h, *watcher), size_t{5});

    QVERIFY(partitionBriefly(h, *watcher, [&] {
      writer->setData("/data", "x");
      writer->remove("/gone");
      writer->create("/kids/k");
      writer->create("/born");
    }));
    QVERIFY(h.runUntil([&] { return nodeEvents(*watcher).size() >= 4; }));
    h.runFor(sim::fromSeconds(1));
    std::vector<WatchedEvent> seen = nodeEvents(*watcher);
    std::vector<WatchedEvent> expected{nodeEvent(EventType::NodeDataChanged, "/data"),
                                       nodeEvent(EventType::NodeDeleted, "/gone"),
                                       nodeEvent(EventType::NodeChildrenChanged, "/kids"),
                                       nodeEvent(EventType::NodeCreated, "/born")};
    const auto byPath = [](const WatchedEvent& a, const WatchedEvent& b) {
      return a.path < b.path;
    };
    std::sort(seen.begin(), seen.end(), byPath);
    std::sort(expected.begin(), expected.end(), byPath);
    QCOMPARE(seen, expected);

    // The unchanged one is armed again, and only it.
    QCOMPARE(armedFor(h, *watcher), size_t{1});
    QVERIFY(armed(h, WatchKind::Data, "/stay", *watcher));
    writer->setData("/stay", "y");
    QVERIFY(h.runUntil([&] { return nodeEvents(*watcher).size() == 5; }));
    QCOMPARE(nodeEvents(*watcher).back(), nodeEvent(EventType::NodeDataChanged, "/stay"));
  }

  void existsWatchOnANodeCreatedAndDeletedMeanwhileStaysArmedSilently() {
    Scene scene;
    auto& [h, watcher, writer] = scene;
    QCOMPARE(watcher->exists("/n", true).rc, ErrorCode::NoNode);
    QVERIFY(partitionBriefly(h, *watcher, [&] {
      writer->create("/n");
      writer->remove("/n");
    }));
    h.runFor(sim::fromSeconds(2));
    QVERIFY(nodeEvents(*watcher).empty());  // the documented miss
    QVERIFY(armed(h, WatchKind::Data, "/n", *watcher));

    writer->create("/n");
    QVERIFY(h.runUntil([&] { return !nodeEvents(*watcher).empty(); }));
    QCOMPARE(nodeEvents(*watcher),
             std::vector<WatchedEvent>{nodeEvent(EventType::NodeCreated, "/n")});
  }

  void watchTableIsInspectableAndEmptiedByExpiry() {
    ModelHarness h;
    auto a = h.connect("a", 4000);
    auto b = h.connect("b", 40'000);
    b->create("/x");
    a->getData("/x", true);
    a->exists("/missing", true);
    a->getChildren("/", true);
    b->getData("/x", true);
    const zkm::WatchTable& table = h.server().tree().watches();
    QCOMPARE(table.countForSession(a->sessionId()), size_t{3});
    QCOMPARE(table.countForSession(b->sessionId()), size_t{1});
    QCOMPARE(table.count(), size_t{4});
    const auto entries = table.entries();
    QCOMPARE(entries.size(), size_t{4});
    QCOMPARE(std::count_if(entries.begin(), entries.end(),
                           [&](const auto& e) { return e.session == a->sessionId(); }),
             3);

    h.model.process("a")->pause();
    QVERIFY(h.runUntil([&] { return !h.server().sessionAlive(a->sessionId()); }));
    QCOMPARE(table.countForSession(a->sessionId()), size_t{0});
    QCOMPARE(table.count(), size_t{1});
    QVERIFY(table.has(WatchKind::Data, "/x", b->sessionId()));
  }

  // The watch table's per-path session set answers as an ordered set would, however sessions
  // arrive (out of order, repeated, re-armed thousands of times without firing), and its storage
  // stays within twice the distinct sessions.
  void sessionSetActsAsAnOrderedSet() {
    zkm::SessionSet set;
    std::set<int64_t> reference;
    QVERIFY(set.empty());
    for (int64_t i = 0; i < 5000; ++i) {
      const int64_t session = (i * 7919) % 301 - 150;  // every value in [-150, 150], repeatedly
      set.insert(session);
      reference.insert(session);
      if (i % 997 == 0) {
        set.erase(session + 1);
        reference.erase(session + 1);
      }
      QVERIFY(set.capacityInUse() <= 2 * reference.size() + 16);
    }
    QCOMPARE(set.size(), reference.size());
    QCOMPARE(set.sorted(), std::vector<int64_t>(reference.begin(), reference.end()));
    QVERIFY(set.contains(-150) && set.contains(150) && !set.contains(151));
    QCOMPARE(set.takeSorted(), std::vector<int64_t>(reference.begin(), reference.end()));
    QVERIFY(set.empty());
    for (int i = 0; i < 100'000; ++i) set.insert(i % 2 ? 9 : 4);  // one client re-arming
    QVERIFY(set.capacityInUse() <= 2 * 2 + 16);
    QCOMPARE(set.sorted(), (std::vector<int64_t>{4, 9}));
  }
};

QTEST_GUILESS_MAIN(TestZooKeeperWatches)
#include "tst_zookeeper_watches.moc"
