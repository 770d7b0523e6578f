// Live ZooKeeper: the client API, the real-time world and the CLI's live mode against a real
// server (the zk_standalone CTest fixture), plus the unreachable-server path (exit 3, no hang).
//
// Method: the API test drives a LiveZooKeeperClient through the RealTimeDriver, as a run does,
// and checks what reaches the watcher (session events with type None first, node events after)
// and what enters the trace. The CLI tests run lockscope-cli as a child process with a bound.

#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "backends/live/handle_closer.h"
#include "backends/live/live_namespace.h"
#include "backends/live/live_zookeeper_client.h"
#include "backends/live/real_time_driver.h"
#include "sim/trace/trace_json_reader.h"
#include "support/live_server.h"

namespace {

namespace zk = lockscope::zookeeper;
using lockscope::sim::fromSeconds;

constexpr int kCliBoundMs = 60'000;

struct CliResult {
  int exitCode = -1;
  QByteArray out;
  QByteArray err;
  qint64 elapsedMs = 0;
};

CliResult runCli(const QStringList& arguments, const QByteArray& input = {}) {
  QProcess process;
  QElapsedTimer timer;
  timer.start();
  process.start(QStringLiteral(LOCKSCOPE_CLI_PATH), arguments);
  process.write(input);
  process.closeWriteChannel();
  if (!process.waitForFinished(kCliBoundMs)) process.kill();
  process.waitForFinished(5000);
  return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
          process.readAllStandardOutput(), process.readAllStandardError(), timer.elapsed()};
}

QString lesson(const char* name) {
  return QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/zookeeper/%1.yaml").arg(name);
}

// Collects trace kinds and ops for the API test.
class TraceLog final : public lockscope::sim::TraceSink {
 public:
  void onEvent(const lockscope::sim::TraceEvent& event) override {
    lines << QString::fromLatin1(lockscope::sim::traceKindName(event.kind)) + " " +
                 QString::fromUtf8(event.actor.data(), qsizetype(event.actor.size())) + " " +
                 QString::fromUtf8(opText(event).data(), qsizetype(opText(event).size()));
  }
  QStringList lines;
};

}  // namespace

class LiveZooKeeperTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY2(!lockscope::testing::liveServer().isEmpty(),
             "no live server: run through ctest (the zk_standalone fixture starts one)");
  }

  void unreachableServerExitsThree() {
    const QString dead = lockscope::testing::deadServer();
    const CliResult run = runCli({"run", lesson("herd-chained"), "--live", "zk=" + dead});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.elapsedMs < 15'000, qPrintable(QString::number(run.elapsedMs)));
    QCOMPARE(run.err.count('\n'), 1);
    QVERIFY2(run.err.contains("cannot reach ZooKeeper at " + dead.toUtf8()), run.err.constData());

    const CliResult shell = runCli({"shell", "--live", dead}, "ls /\n");
    QCOMPARE(shell.exitCode, 3);
    QVERIFY2(shell.elapsedMs < 15'000, qPrintable(QString::number(shell.elapsedMs)));
  }

  // libzookeeper_mt 3.8 has no addWatch: a recipe built on persistent watches is refused before
  // the run starts, saying why, rather than failing each acquire with Unimplemented.
  void modelOnlyRecipeIsRefused() {
    const QString server = lockscope::testing::liveServer();
    const CliResult run = runCli(
        {"run", lesson("persistent-watch-herd"), "--live", "zk=" + server});
    QCOMPARE(run.exitCode, 2);
    QCOMPARE(run.err.count('\n'), 1);
    QVERIFY2(run.err.contains("persistent-watch-herd.yaml: zk-persistent-watch runs on the model "
                              "only: it needs addWatch"),
             run.err.constData());
  }

  void badLiveValueIsBadInput() {
    const CliResult run = runCli({"run", lesson("herd-chained"), "--live", "127.0.0.1:2181"});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("zk=HOST:PORT"), run.err.constData());
  }

  // Session events map to None-typed watcher events and "connected"/"closed" trace events;
  // node events come with their path, a watch event before the reply that reflects the change.
  void clientApiOverRealServer() {
    // A namespace of the test's own, used as the session's chroot: paths read as "/api-test/...".
    lockscope::live::ZooKeeperNamespace space(lockscope::testing::liveServer().toStdString(), 5000);
    const lockscope::Status prepared = space.create({"/api-test"});
    QVERIFY2(prepared, prepared.message().c_str());
    const std::string server = lockscope::testing::liveServer().toStdString() + space.root();
    lockscope::sim::World world(1);
    TraceLog trace;
    world.trace().addSink(&trace);
    lockscope::live::WorldInbox inbox;
    lockscope::live::HandleCloser closer;
    lockscope::live::RealTimeDriver driver(world, inbox);
    auto client = std::make_unique<lockscope::live::LiveZooKeeperClient>(
        world, inbox, closer, nullptr, "c1", server, 4000);
    QList<zk::WatchedEvent> events;
    client->setWatcher([&](const zk::WatchedEvent& event) { events << event; });
    QVERIFY(driver.runUntil([&] { return client->state() == zk::SessionState::SyncConnected; },
                            world.now() + fromSeconds(10)));
    QVERIFY(client->sessionId() != 0);
    QCOMPARE(events.size(), 1);
    QCOMPARE(events[0].type, zk::EventType::None);

    std::string created;
    bool done = false;
    client->create("/api-test/lock-", "", zk::CreateMode::EphemeralSequential,
                   [&](zk::ErrorCode rc, const std::string& path, const zk::Stat& stat) {
                     QCOMPARE(rc, zk::ErrorCode::Ok);
                     QCOMPARE(stat.ephemeralOwner, client->sessionId());
                     created = path;
                     done = true;
                   });
    QVERIFY(!done);  // never inside the call
    QVERIFY(driver.runUntil([&] { return done; }, world.now() + fromSeconds(10)));
    QCOMPARE(created, std::string("/api-test/lock-0000000000"));

    done = false;
    client->exists(created, true, [&](zk::ErrorCode rc, const std::optional<zk::Stat>& stat) {
      QCOMPARE(rc, zk::ErrorCode::Ok);
      QVERIFY(stat.has_value());
      done = true;
    });
    QVERIFY(driver.runUntil([&] { return done; }, world.now() + fromSeconds(10)));
    done = false;
    bool eventBeforeReply = false;
    client->remove(created, -1, [&](zk::ErrorCode rc) {
      QCOMPARE(rc, zk::ErrorCode::Ok);
      eventBeforeReply = events.size() == 2;
      done = true;
    });
    QVERIFY(driver.runUntil([&] { return done; }, world.now() + fromSeconds(10)));
    QVERIFY(eventBeforeReply);
    QCOMPARE(events[1].type, zk::EventType::NodeDeleted);
    QCOMPARE(events[1].path, created);

    done = false;
    client->close([&](zk::ErrorCode rc) {
      QCOMPARE(rc, zk::ErrorCode::Ok);
      done = true;
    });
    QVERIFY(driver.runUntil([&] { return done; }, world.now() + fromSeconds(10)));
    QCOMPARE(events.last().state, zk::SessionState::Closed);
    QVERIFY(trace.lines.contains("session_state c1 connected"));
    QVERIFY(trace.lines.contains("watch_set server exists"));
    QVERIFY(trace.lines.contains("watch_delivered c1 "));
    QVERIFY(trace.lines.contains("session_state server closed"));
  }

  void runLessonLive() {
    const QString server = lockscope::testing::liveServer();
    const CliResult run = runCli(
        {"run", lesson("herd-chained"), "--live", "zk=" + server, "--json"});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QJsonObject report = QJsonDocument::fromJson(run.out).object();
    QCOMPARE(report.value("backend").toString(), QStringLiteral("live"));
    QCOMPARE(report.value("acquisitions").toInt(), 10);
  }

  // Faults on the wire: each lesson's expectations must hold against the real server too.
  void faultLessonsLive_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("pipeline");
    for (const char* name : {"crash-holder", "paused-holder", "paused-holder-fenced",
                             "lost-create-reply-guid", "lost-create-reply-no-guid"}) {
      QTest::newRow(name) << QString::fromLatin1(name) << false;
    }
    // zk-curator's opt-in pipelining: the getChildren sent behind the lost create is dropped and
    // the node is found again by its GUID, as without it.
    QTest::newRow("lost-create-reply-guid, pipelined")
        << QStringLiteral("lost-create-reply-guid") << true;
  }

  void faultLessonsLive() {
    QFETCH(QString, name);
    QFETCH(bool, pipeline);
    // Clients that start at the same instant race for the first create; spread them so the
    // lesson's holder is the one the faults aim at (the differential test does the same).
    QStringList arguments{"run", lesson(name.toLatin1().constData()), "--live",
                          "zk=" + lockscope::testing::liveServer()};
    if (name == "crash-holder")
      arguments << "--set"
                << "start_spread_ms=50";
    if (pipeline)
      arguments << "--set"
                << "recipe_parameters.pipeline=true";
    const CliResult run = runCli(arguments);
    QVERIFY2(run.exitCode == 0, (run.out + run.err).constData());
  }

  // expire_session and partition have no lesson of their own: the crashed-holder lesson with
  // its crash replaced. Expiry frees the lock at once; a partitioned holder's lock only after the
  // server expired its silent session (2 s), and the holder learns so when the partition heals.
  void expireAndPartitionLive_data() {
    QTest::addColumn<QString>("fault");
    QTest::addColumn<int>("minimumHandoffMs");
    QTest::addColumn<int>("maximumHandoffMs");
    QTest::newRow("expire_session") << "{at: 100ms, expire_session: c1}" << 0 << 1500;
    QTest::newRow("partition") << "{at: 100ms, partition: c1, for: 2500ms}" << 1500 << 2500;
  }

  void expireAndPartitionLive() {
    QFETCH(QString, fault);
    QFETCH(int, minimumHandoffMs);
    QFETCH(int, maximumHandoffMs);
    QTemporaryDir dir;
    const QString tracePath = dir.filePath("trace.jsonl");
    runCli({"run", lesson("crash-holder"), "--live", "zk=" + lockscope::testing::liveServer(),
            "--set", "start_spread_ms=50", "--set", "faults=[" + fault + "]", "--trace",
            tracePath});
    QFile trace(tracePath);
    QVERIFY(trace.open(QIODevice::ReadOnly));
    qint64 faultAt = -1, c2AcquiredAt = -1;
    bool c1Expired = false;
    const QByteArray text = trace.readAll();
    std::string error;
    const auto events = lockscope::sim::readJsonLines(
        std::string_view(text.constData(), size_t(text.size())), error);
    QVERIFY2(error.empty(), error.c_str());
    for (const lockscope::sim::RecordedEvent& event : events) {
      if (event.kind == lockscope::sim::TraceKind::Fault && faultAt < 0) faultAt = event.time;
      if (event.op == lockscope::sim::SessionOp::Expired && event.actor == "c1") c1Expired = true;
      if (event.op == lockscope::sim::LockOp::Acquired && event.actor == "c2")
        c2AcquiredAt = event.time;
    }
    QVERIFY(faultAt > 0 && c2AcquiredAt > faultAt);
    QVERIFY2(c1Expired, "c1 never learned that its session expired");
    const qint64 handoffMs = (c2AcquiredAt - faultAt) / 1000;
    QVERIFY2(handoffMs >= minimumHandoffMs && handoffMs <= maximumHandoffMs,
             qPrintable(QStringLiteral("c2 acquired %1 ms after the fault").arg(handoffMs)));
  }
};

QTEST_GUILESS_MAIN(LiveZooKeeperTest)
#include "tst_live_zookeeper.moc"
