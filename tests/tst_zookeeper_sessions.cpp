// Goal: model sessions live and die as ZooKeeper 3.8 sessions do: the negotiated timeout,
// heartbeats, expiry on tick boundaries with every ephemeral deleted in one transaction, what a
// paused, a partitioned and a crashed client see, a clean close (and one whose request is lost),
// the server's own faults, and a reply lost with its connection.
//
// Method: one test function per rule. Faults go through the model's hooks (the client's process:
// pause / resume / crash; its connection: cut / restore; the server's expireSession /
// dropConnection; the session's loseNextReply); outcomes
// are read from the callbacks and the watcher (support/model_harness.h logs both, stamped with
// virtual time), the server's tree and session table, and the trace (the server's "created",
// "expired" and "closed" session events carry their zxid). Timings are derived from the rules
// (ClientCnxn's 2/3 read timeout, ExpiryQueue's roundToNextInterval) and asserted exactly where
// the model makes them exact.
#include <QtTest>

#include "support/model_harness.h"

using namespace lockscope;
using namespace lockscope::testing;
using zk::CreateMode;
using zk::ErrorCode;
using zk::SessionState;

namespace {

// The server's session event `op` (created, expired, closed) for `session`, or a blank one.
sim::RecordedEvent serverSessionEvent(const ModelHarness& h, sim::SessionOp op, int64_t session) {
  for (const sim::RecordedEvent& event : h.traced(sim::TraceKind::SessionState)) {
    if (event.actor == "server" && event.op == op && event.session == session) return event;
  }
  return {};
}

// ExpiryQueue.roundToNextInterval: the first tick boundary strictly after `time`.
sim::Micros nextTickAfter(sim::Micros time, sim::Micros tick) { return (time / tick + 1) * tick; }

// Every kind of call fails with SessionExpired on a dead handle, and none reaches the server.
void verifyEveryCallFailsWithSessionExpired(ModelHarness& h, TestClient& client) {
  const int64_t zxid = h.server().lastZxid();
  QCOMPARE(client.create("/after", "", CreateMode::Persistent).rc, ErrorCode::SessionExpired);
  QCOMPARE(client.exists("/", true).rc, ErrorCode::SessionExpired);
  QCOMPARE(client.getData("/").rc, ErrorCode::SessionExpired);
  QCOMPARE(client.setData("/", "x").rc, ErrorCode::SessionExpired);
  QCOMPARE(client.getChildren("/").rc, ErrorCode::SessionExpired);
  QCOMPARE(client.remove("/zookeeper"), ErrorCode::SessionExpired);
  QCOMPARE(h.server().lastZxid(), zxid);
  QVERIFY(!h.nodeExists("/after"));
}

// Client "c" holding the ephemeral node /e.
std::unique_ptr<TestClient> connectWithEphemeral(ModelHarness& h, int64_t timeoutMs) {
  auto client = h.connect("c", timeoutMs);
  if (client->create("/e", "", CreateMode::Ephemeral).rc != ErrorCode::Ok) {
    QTest::qFail("could not create the ephemeral /e", __FILE__, __LINE__);
  }
  return client;
}

// Runs until `client` reports Expired (after `since`), then checks what it saw and that the
// handle is dead.
void verifyExpired(ModelHarness& h, TestClient& client, sim::Micros since) {
  QVERIFY(h.runUntil([&] { return client.stateTime(SessionState::Expired, since) >= 0; }));
  QCOMPARE(client.statesSeen(), std::string("SyncConnected Disconnected Expired"));
  QCOMPARE(client.state(), SessionState::Expired);
  verifyEveryCallFailsWithSessionExpired(h, client);
}

// Runs until `client` is connected again after `since`, then checks it kept `session` and its
// ephemeral node /e.
void verifyResumedWithEphemeral(ModelHarness& h, TestClient& client, int64_t session,
                                sim::Micros since) {
  QVERIFY(h.runUntil([&] { return client.stateTime(SessionState::SyncConnected, since) >= 0; }));
  QCOMPARE(client.sessionId(), session);
  QCOMPARE(client.statesSeen(), std::string("SyncConnected Disconnected SyncConnected"));
  const StatResult found = client.exists("/e");
  QCOMPARE(found.rc, ErrorCode::Ok);
  QCOMPARE(found.stat->ephemeralOwner, session);
  QVERIFY(h.server().sessionAlive(session));
}

}  // namespace

class TestZooKeeperSessions : public QObject {
  Q_OBJECT

 private slots:
  void timeoutIsNegotiatedIntoTickBounds() {
    zkm::ModelConfig config;
    config.server.tickTimeMs = 2000;
    ModelHarness h(1, config);
    const std::pair<int64_t, int64_t> cases[] = {
        {1000, 4000}, {4000, 4000}, {10'000, 10'000}, {40'000, 40'000}, {100'000, 40'000}};
    int index = 0;
    for (const auto& [requested, negotiated] : cases) {
      auto client = h.connectAsync("c" + std::to_string(index++), requested);
      QCOMPARE(client->api().sessionTimeoutMs(), 0);  // not connected yet
      QVERIFY(h.runUntil([&] { return client->state() == SessionState::SyncConnected; }));
      QCOMPARE(client->api().sessionTimeoutMs(), negotiated);
    }

    config.server.tickTimeMs = 200;  // the differential tests' server
    ModelHarness fast(1, config);
    QCOMPARE(fast.connect("a", 100)->api().sessionTimeoutMs(), 400);
    QCOMPARE(fast.connect("b", 1000)->api().sessionTimeoutMs(), 1000);
    QCOMPARE(fast.connect("c", 30'000)->api().sessionTimeoutMs(), 4000);
  }

  void heartbeatsKeepAnIdleSessionAlive() {
    ModelHarness h;
    auto c = connectWithEphemeral(h, 4000);
    const uint64_t sentBefore = h.model.connection("c")->sentCount();
    h.runFor(25 * sim::fromMillis(4000));  // idle for 25 timeouts
    // A ping every third of the timeout, each answered: 75 pings and 75 replies.
    const uint64_t sent = h.model.connection("c")->sentCount() - sentBefore;
    QVERIFY2(sent >= 148 && sent <= 150, qPrintable(QString::number(sent)));
    QVERIFY(h.server().sessionAlive(c->sessionId()));
    QVERIFY(h.nodeExists("/e"));
    QCOMPARE(c->state(), SessionState::SyncConnected);
    QCOMPARE(c->statesSeen(), std::string("SyncConnected"));
  }

  void pausedClientExpiresOnATickBoundary() {
    ModelHarness h;
    auto c = connectWithEphemeral(h, 5000);
    // The create is the last packet the server hears: the reply has just arrived, and the next
    // ping is a third of the timeout away.
    const sim::Micros lastHeard = h.tracedOnce(sim::TraceKind::NodeCreated, "/e").time;
    h.model.process("c")->pause();

    const sim::Micros expiry = nextTickAfter(lastHeard + sim::fromMillis(5000), h.tickMicros());
    h.runUntilTime(expiry - 1);
    QVERIFY(h.server().sessionAlive(c->sessionId()));
    QVERIFY(h.nodeExists("/e"));
    h.runUntilTime(expiry);
    QVERIFY(!h.server().sessionAlive(c->sessionId()));
    QVERIFY(!h.nodeExists("/e"));
    QCOMPARE(serverSessionEvent(h, sim::SessionOp::Expired, c->sessionId()).time, expiry);
  }

  // A server restart (the GUI's and the ensemble lessons' kill/restart): while it is down every
  // connection is refused and no session expires, however long; when it is back, the tree and
  // the sessions are there, the clients reconnect and resume, and watches come back only through
  // SetWatches.
  void aRestartedServerKeepsItsTreeAndSessions() {
    ModelHarness h;
    auto c = connectWithEphemeral(h, 4000);
    auto watcher = h.connect("w", 4000);
    QCOMPARE(watcher->exists("/e", true).rc, ErrorCode::Ok);
    h.server().stop();
    QVERIFY(!h.server().running());
    h.runFor(3 * sim::fromMillis(4000));  // down for three session timeouts
    QVERIFY(h.server().sessionAlive(c->sessionId()));
    QVERIFY(c->state() != SessionState::SyncConnected);
    h.server().start();
    QVERIFY(h.runUntil([&] {
      return c->state() == SessionState::SyncConnected &&
             watcher->state() == SessionState::SyncConnected;
    }));
    QVERIFY(h.server().sessionAlive(c->sessionId()));
    QVERIFY(h.nodeExists("/e"));
    // The watch was re-armed by SetWatches: deleting the node still reaches the watcher.
    QCOMPARE(c->remove("/e"), ErrorCode::Ok);
    QVERIFY(h.runUntil([&] { return watcher->events(zk::EventType::NodeDeleted).size() == 1; }));
  }

  void expiryDeletesAllEphemeralsInOneTransaction() {
    ModelHarness h;
    auto owner = h.connect("owner", 4000);
    auto observer = h.connect("observer", 40'000);
    owner->create("/a");
    owner->create("/b");
    const std::vector<std::string> ephemerals = {
        owner->create("/a/e", "", CreateMode::Ephemeral).path,
        owner->create("/b/s-", "", CreateMode::EphemeralSequential).path,
        owner->create("/top", "", CreateMode::Ephemeral).path};
    for (const std::string& path : ephemerals)
      QCOMPARE(observer->exists(path, true).rc, ErrorCode::Ok);
    h.model.process("owner")->pause();

    QVERIFY(h.runUntil([&] { return !h.server().sessionAlive(owner->sessionId()); }));
    const sim::RecordedEvent expired = serverSessionEvent(h, sim::SessionOp::Expired,
                                                          owner->sessionId());
    QVERIFY(expired.zxid > 0);
    QCOMPARE(h.server().lastZxid(), expired.zxid);  // one transaction for all of them
    for (const std::string& path : ephemerals) {
      const sim::RecordedEvent deleted = h.tracedOnce(sim::TraceKind::NodeDeleted, path);
      QCOMPARE(deleted.zxid, expired.zxid);
      QCOMPARE(deleted.time, expired.time);
      QVERIFY(!h.nodeExists(path));
    }
    QCOMPARE(h.statAt("/a")->pzxid, expired.zxid);
    QCOMPARE(h.statAt("/b")->pzxid, expired.zxid);
    QVERIFY(h.nodeExists("/a") && h.nodeExists("/b"));  // persistent nodes stay

    QVERIFY(h.runUntil([&] { return observer->events(zk::EventType::NodeDeleted).size() == 3; }));
  }

  void pausedClientSeesDisconnectedThenExpiredOnResume() {
    ModelHarness h;
    auto c = h.connect("c", 4000);
    h.model.process("c")->pause();
    QVERIFY(h.runUntil([&] { return !h.server().sessionAlive(c->sessionId()); }));
    h.runFor(sim::fromSeconds(5));
    QCOMPARE(c->statesSeen(), std::string("SyncConnected"));  // paused

    const sim::Micros resumedAt = h.now();
    h.model.process("c")->resume();
    verifyExpired(h, *c, resumedAt);
  }

  void partitionedClientReportsDisconnectedAfterTwoThirds() {
    ModelHarness h;
    const int64_t timeoutMs = 9000;
    auto c = h.connect("c", timeoutMs);
    QCOMPARE(c->exists("/").rc, ErrorCode::Ok);  // the client heard the server just now
    const sim::Micros cutAt = h.now();
    h.model.connection("c")->cut();

    QVERIFY(h.runUntil([&] { return c->sawState(SessionState::Disconnected); }));
    const sim::Micros readTimeout = sim::fromMillis(timeoutMs) * 2 / 3;
    const sim::Micros disconnectedAt = c->stateTime(SessionState::Disconnected);
    QVERIFY2(disconnectedAt >= cutAt + readTimeout, "Disconnected before 2/3 of the timeout");
    QVERIFY2(disconnectedAt <= cutAt + readTimeout + sim::fromMillis(1), "Disconnected late");
    QCOMPARE(c->state(), SessionState::Disconnected);
    QVERIFY(h.server().sessionAlive(c->sessionId()));  // the server has not given up yet
  }

  void partitionedClientLearnsOfExpiryOnlyWhenItReconnects() {
    ModelHarness h;
    auto c = connectWithEphemeral(h, 4000);
    h.model.connection("c")->cut();

    QVERIFY(h.runUntil([&] { return !h.server().sessionAlive(c->sessionId()); }));
    QVERIFY(!h.nodeExists("/e"));
    h.runFor(sim::fromSeconds(30));  // many reconnect attempts, all lost
    QCOMPARE(c->state(), SessionState::Disconnected);
    QVERIFY(!c->sawState(SessionState::Expired));

    const sim::Micros healedAt = h.now();
    h.model.connection("c")->restore();
    verifyExpired(h, *c, healedAt + 1);  // only once healed
  }

  void shortPartitionKeepsTheSession() {
    ModelHarness h;
    auto c = connectWithEphemeral(h, 10'000);
    const int64_t session = c->sessionId();
    h.model.connection("c")->cut();
    const Pending<DataResult> inFlight = c->getDataAsync("/e");

    QVERIFY(h.runUntil([&] { return c->sawState(SessionState::Disconnected); }));
    QVERIFY(inFlight.ready());
    QCOMPARE(inFlight.get().rc, ErrorCode::ConnectionLoss);
    // Issued while disconnected: it waits for the reconnection.
    const Pending<StatResult> queued = c->setDataAsync("/e", "later");
    // Healed before the first reconnect attempt, well within the session timeout.
    const sim::Micros disconnectedAt = h.now();
    h.model.connection("c")->restore();

    verifyResumedWithEphemeral(h, *c, session, disconnectedAt);
    QVERIFY(queued.ready());
    QCOMPARE(queued.get().rc, ErrorCode::Ok);
    QCOMPARE(c->getData("/e").data, std::string("later"));
  }

  void partitionShorterThanTheReadTimeoutLosesNothingSilently() {
    // Too short for the client to notice by its read timeout, but a request, its reply's slot and
    // a watch event are lost in it. A real client talks TCP, which never drops a message and
    // carries on: either everything arrives or the connection breaks. So no call may be left
    // hanging and no watch event may vanish; the session survives.
    ModelHarness h;
    auto c = h.connect("c", 10'000);
    auto writer = h.connect("writer");
    writer->create("/n");
    QCOMPARE(c->getData("/n", true).rc, ErrorCode::Ok);
    const int64_t session = c->sessionId();

    h.model.connection("c")->cut();
    const Pending<DataResult> lost = c->getDataAsync("/n");
    QCOMPARE(writer->setData("/n", "x").rc, ErrorCode::Ok);  // its event is lost too
    h.runFor(sim::fromSeconds(1));
    h.model.connection("c")->restore();
    const Pending<StatResult> later = c->existsAsync("/n");

    QVERIFY2(h.runUntil(
                 [&] {
                   return lost.ready() && later.ready() &&
                          !c->events(zk::EventType::NodeDataChanged).empty();
                 },
                 sim::fromSeconds(8)),
             "a call or a watch event was lost for good");
    QVERIFY(lost.get().rc == ErrorCode::Ok || lost.get().rc == ErrorCode::ConnectionLoss);
    QVERIFY(later.get().rc == ErrorCode::Ok || later.get().rc == ErrorCode::ConnectionLoss);
    QCOMPARE(c->sessionId(), session);
    QCOMPARE(c->exists("/n").rc, ErrorCode::Ok);
    QVERIFY(!c->sawState(SessionState::Expired));
  }

  void crashedClientsEphemeralsVanishOnlyAfterTheTimeout() {
    ModelHarness h;
    auto c = h.connect("c", 6000);
    auto observer = h.connect("observer", 40'000);
    QCOMPARE(c->create("/e", "", CreateMode::Ephemeral).rc, ErrorCode::Ok);
    const sim::Micros lastHeard = h.tracedOnce(sim::TraceKind::NodeCreated, "/e").time;
    h.model.process("c")->crash();

    QCOMPARE(observer->exists("/e").rc, ErrorCode::Ok);  // a crash alone deletes nothing
    const sim::Micros expiry = nextTickAfter(lastHeard + sim::fromMillis(6000), h.tickMicros());
    h.runUntilTime(expiry - 1);
    QVERIFY(h.nodeExists("/e"));
    h.runUntilTime(expiry);
    QVERIFY(!h.nodeExists("/e"));
    QCOMPARE(observer->exists("/e").rc, ErrorCode::NoNode);
  }

  void cleanCloseDeletesEphemeralsAtOnce() {
    ModelHarness h;
    auto c = h.connect("c", 40'000);
    auto observer = h.connect("observer", 40'000);
    c->create("/e1", "", CreateMode::Ephemeral);
    c->create("/e2", "", CreateMode::EphemeralSequential);
    QCOMPARE(observer->exists("/e1", true).rc, ErrorCode::Ok);
    const int64_t session = c->sessionId();

    const sim::Micros closing = h.now();
    QCOMPARE(c->close(), ErrorCode::Ok);
    QVERIFY(!h.nodeExists("/e1"));
    QVERIFY(!h.nodeExists("/e20000000001"));
    QVERIFY(!h.server().sessionAlive(session));
    const sim::RecordedEvent closed = serverSessionEvent(h, sim::SessionOp::Closed, session);
    QVERIFY(closed.zxid > 0);
    QVERIFY(closed.time - closing < sim::fromMillis(10));  // at once, not after a timeout
    QCOMPARE(h.tracedOnce(sim::TraceKind::NodeDeleted, "/e1").zxid, closed.zxid);
    QCOMPARE(h.tracedOnce(sim::TraceKind::NodeDeleted, "/e20000000001").zxid, closed.zxid);

    QCOMPARE(c->state(), SessionState::Closed);
    QVERIFY(h.runUntil([&] { return c->sawState(SessionState::Closed); }));
    QVERIFY(h.runUntil([&] { return !observer->events(zk::EventType::NodeDeleted).empty(); }));
    QCOMPARE(observer->events(zk::EventType::NodeDeleted).front(),
             nodeEvent(zk::EventType::NodeDeleted, "/e1"));
    verifyEveryCallFailsWithSessionExpired(h, *c);
  }

  void closeWithTheNetworkDownStillClosesTheHandle() {
    // The close request is lost. The Java client's close() disconnects whatever the outcome, and
    // the server, never told, expires the session after its timeout.
    ModelHarness h;
    auto c = connectWithEphemeral(h, 4000);
    const int64_t session = c->sessionId();
    h.model.connection("c")->cut();
    const Pending<ErrorCode> closing = c->closeAsync();
    QVERIFY(h.runUntil([&] { return closing.ready(); }));
    QCOMPARE(closing.get(), ErrorCode::ConnectionLoss);  // the client cannot know the outcome
    QCOMPARE(c->state(), SessionState::Closed);

    h.model.connection("c")->restore();
    h.runFor(sim::fromSeconds(30));
    QCOMPARE(c->statesSeen(), std::string("SyncConnected Disconnected Closed"));  // no comeback
    QVERIFY(!h.server().sessionAlive(session));
    QVERIFY(!serverSessionEvent(h, sim::SessionOp::Expired, session).op.empty());
    QVERIFY(!h.nodeExists("/e"));
    verifyEveryCallFailsWithSessionExpired(h, *c);
  }

  void serverExpiringALiveSessionDeletesItsEphemeralsAtOnce() {
    ModelHarness h;
    auto c = connectWithEphemeral(h, 40'000);
    const sim::Micros expiredAt = h.now();
    h.server().expireSession(c->sessionId());
    QVERIFY(!h.nodeExists("/e"));
    verifyExpired(h, *c, expiredAt);
    QVERIFY(c->stateTime(SessionState::Expired) - expiredAt < sim::fromSeconds(2));  // no timeout
  }

  void serverDroppingTheConnectionLeavesTheSession() {
    ModelHarness h;
    auto c = connectWithEphemeral(h, 40'000);
    const int64_t session = c->sessionId();
    const Pending<DataResult> inFlight = c->getDataAsync("/e");
    const sim::Micros droppedAt = h.now();
    h.server().dropConnection(session);
    h.server().dropConnection(session);  // again before the client reconnected: harmless

    QVERIFY(h.runUntil([&] { return c->sawState(SessionState::Disconnected); }));
    QVERIFY(c->stateTime(SessionState::Disconnected) - droppedAt < sim::fromMillis(10));  // at once
    QCOMPARE(inFlight.get().rc, ErrorCode::ConnectionLoss);
    verifyResumedWithEphemeral(h, *c, session, droppedAt);
  }

  void aRequestOverJuteMaxBufferLosesTheConnection() {
    // The frame's announced length is 23 + data bytes for `set /bb` and 47 + path + data for a
    // create; the server closes the connection when it exceeds 1048575 (jute.maxbuffer). Both
    // boundaries were checked on a real 3.8.0 server with zkCli.
    ModelHarness h;
    auto c = h.connect("c", 10'000);
    const int64_t session = c->sessionId();
    QCOMPARE(c->create("/bb").rc, ErrorCode::Ok);
    QCOMPARE(c->setData("/bb", std::string(1048552, 'x')).rc, ErrorCode::Ok);  // exactly the limit
    const zk::Stat before = *h.statAt("/bb");
    QCOMPARE(c->setData("/bb", std::string(1048553, 'y')).rc, ErrorCode::ConnectionLoss);
    QCOMPARE(h.statAt("/bb")->mzxid, before.mzxid);  // not applied
    QCOMPARE(h.statAt("/bb")->dataLength, 1048552);
    QCOMPARE(c->create("/cc", std::string(1048525, 'c')).rc, ErrorCode::Ok);
    QCOMPARE(c->create("/cd", std::string(1048526, 'd')).rc, ErrorCode::ConnectionLoss);
    QVERIFY(!h.nodeExists("/cd"));

    // The same session reconnects, and no refused request took a zxid.
    QVERIFY(h.runUntil([&] { return c->state() == SessionState::SyncConnected; }));
    QCOMPARE(c->sessionId(), session);
    QCOMPARE(c->statesSeen(), std::string("SyncConnected Disconnected SyncConnected Disconnected "
                                          "SyncConnected"));
    QCOMPARE(c->create("/after").stat.czxid, before.mzxid + 2);  // after /cc's create
  }

  void lostReplyOfAnAppliedCreate() {
    ModelHarness h;
    auto c = h.connect("c", 10'000);
    const int64_t session = c->sessionId();
    c->session().loseNextReply(true);
    QCOMPARE(c->create("/x", "", CreateMode::Ephemeral).rc, ErrorCode::ConnectionLoss);
    QVERIFY(h.nodeExists("/x"));  // applied: an orphan the client was never told about
    QCOMPARE(h.statAt("/x")->ephemeralOwner, session);

    const sim::Micros lostAt = h.now();
    QVERIFY(h.runUntil([&] { return c->stateTime(SessionState::SyncConnected, lostAt) >= 0; }));
    QCOMPARE(c->sessionId(), session);  // the same session, so the orphan lives on
    QCOMPARE(c->exists("/x").stat->ephemeralOwner, session);
  }

  void lostReplyOfAnUnappliedCreate() {
    ModelHarness h;
    auto c = h.connect("c", 10'000);
    const int64_t zxid = h.server().lastZxid();
    c->session().loseNextReply(false);
    QCOMPARE(c->create("/x", "", CreateMode::Ephemeral).rc, ErrorCode::ConnectionLoss);
    QVERIFY(!h.nodeExists("/x"));
    QCOMPARE(h.server().lastZxid(), zxid);  // never executed: no transaction

    const sim::Micros lostAt = h.now();
    QVERIFY(h.runUntil([&] { return c->stateTime(SessionState::SyncConnected, lostAt) >= 0; }));
    QCOMPARE(c->exists("/x").rc, ErrorCode::NoNode);
    QCOMPARE(c->create("/x", "", CreateMode::Ephemeral).rc, ErrorCode::Ok);  // faults are one-shot
  }
};

QTEST_GUILESS_MAIN(TestZooKeeperSessions)
#include "tst_zookeeper_sessions.moc"
