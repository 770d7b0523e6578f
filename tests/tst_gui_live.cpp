// Goal: the GUI's backend switch runs a lesson against a real ZooKeeper (a Redis lesson against
// real redis-servers) and plays the result,
// and an unreachable server becomes a status-line message within the connect timeout, with the
// window's previous run left in place and nothing frozen.
//
// Method: a SimulationController switched to live against the zk_standalone fixture's server
// and the redis_servers fixture's first server (and against a loopback port nobody listens on); the
// event loop keeps running while the live run takes its real time on the worker thread.
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "backends/live/live_interrupt.h"

#include "simulation_controller.h"
#include "support/gui_lessons.h"
#include "support/live_redis_servers.h"
#include "support/live_server.h"

using namespace lockscope;
using gui::SimulationController;

class GuiLiveTest : public QObject {
  Q_OBJECT

 private slots:
  void anUnreachableServerIsAStatusMessage() {
    SimulationController simulation;
    QVERIFY(simulation.session()->load(testing::zookeeperLesson("herd-chained.yaml")));
    const std::string modelHash = simulation.timeline()->report().traceSha256;
    QElapsedTimer timer;
    timer.start();
    simulation.live()->useBackend(QStringLiteral("live"), testing::deadServer());
    QVERIFY(simulation.live()->busy());
    QTRY_VERIFY_WITH_TIMEOUT(!simulation.live()->busy(), 20'000);
    QVERIFY2(timer.elapsed() < 15'000, qPrintable(QString::number(timer.elapsed())));
    QVERIFY2(simulation.live()->connectionStatus().startsWith(QLatin1String("live: ")),
             qPrintable(simulation.live()->connectionStatus()));
    QCOMPARE(simulation.timeline()->report().traceSha256, modelHash);  // the model's run stays
  }

  void aLessonRunsAgainstARealServer() {
    const QString server = testing::liveServer();
    QVERIFY2(!server.isEmpty(), "the zk_standalone fixture did not start a server");
    SimulationController simulation;
    simulation.live()->useBackend(QStringLiteral("live"), server);
    QCOMPARE(simulation.live()->backend(), QStringLiteral("live"));
    QVERIFY(simulation.session()->load(testing::zookeeperLesson("herd-chained.yaml")));
    QTRY_VERIFY_WITH_TIMEOUT(!simulation.live()->busy(), 120'000);
    QVERIFY2(simulation.run()->loaded(), qPrintable(simulation.live()->connectionStatus()));
    QCOMPARE(QString::fromStdString(simulation.timeline()->report().backend),
             QStringLiteral("live"));
    simulation.playback()->seekTime(simulation.playback()->endTime());
    QCOMPARE(simulation.metrics()->figures().value(QStringLiteral("acquisitions")).toInt(), 10);
    QCOMPARE(simulation.metrics()->figures().value(QStringLiteral("violations")).toInt(), 0);
    QVERIFY(simulation.live()->connectionStatus().contains(QLatin1String("recorded")));
  }

  // crash-with-ttl: c1 crashes holding the key; c2 and c3 get it after its TTL on the server.
  void aRedisLessonRunsAgainstARealServer() {
    const QString servers = testing::liveRedisServers(1);
    QVERIFY2(!servers.isEmpty(), "the redis_servers fixture did not start servers");
    SimulationController simulation;
    simulation.live()->useBackend(QStringLiteral("live"), servers);
    QVERIFY(simulation.session()->load(testing::redisLesson("crash-with-ttl.yaml")));
    QTRY_VERIFY_WITH_TIMEOUT(!simulation.live()->busy(), 60'000);
    QVERIFY2(simulation.run()->loaded(), qPrintable(simulation.live()->connectionStatus()));
    QCOMPARE(QString::fromStdString(simulation.timeline()->report().backend),
             QStringLiteral("live"));
    simulation.playback()->seekTime(simulation.playback()->endTime());
    QCOMPARE(simulation.metrics()->figures().value(QStringLiteral("acquisitions")).toInt(), 3);
    QCOMPARE(simulation.metrics()->figures().value(QStringLiteral("violations")).toInt(), 0);
    // The server is on the stage as the model's instance would be, up, so that requests fly to it.
    QCOMPARE(simulation.stage().instances().size(), size_t{1});
    QVERIFY(simulation.faults()->instanceUp(QStringLiteral("redis-1")));
  }

  // Five instances asked of one server: the lesson is refused with the reason, nothing runs.
  void aRedisServerCountMismatchIsAStatusMessage() {
    SimulationController simulation;
    simulation.live()->useBackend(QStringLiteral("live"), testing::liveRedisServers(1));
    QVERIFY(simulation.session()->load(testing::redisLesson("redlock-happy-path.yaml")));
    QTRY_VERIFY_WITH_TIMEOUT(!simulation.live()->busy(), 20'000);
    QVERIFY2(simulation.live()->connectionStatus().contains(QLatin1String("names 1 server(s)")),
             qPrintable(simulation.live()->connectionStatus()));
  }

  // The window closes (its controller is destroyed) while a live run records: the run stops at
  // once instead of at its own end a minute later, and deletes its keys on the server as after
  // Ctrl+C. The hold is 60 s: a close that waited for the run would time the test out.
  void closingDuringALiveRunStopsItAndLeavesNothing() {
    const QString servers = testing::liveRedisServers(1);
    QVERIFY2(!servers.isEmpty(), "the redis_servers fixture did not start servers");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("long-hold.yaml"));
    QFile yaml(file);
    QVERIFY(yaml.open(QIODevice::WriteOnly));
    yaml.write(
        "title: a minute's hold\nbackend: redis\nrecipe: redis-lock\nseed: 1\n"
        "clients: 1\nhold_ms: 60000\nrecipe_parameters: {ttl_ms: 120000}\n");
    yaml.close();
    const QString address = servers.section(',', 0, 0);
    auto runKeys = [&] {
      QProcess cli;
      cli.start(QStringLiteral("redis-cli"),
                {QStringLiteral("-h"), address.section(':', 0, 0), QStringLiteral("-p"),
                 address.section(':', 1, 1), QStringLiteral("--scan"), QStringLiteral("--pattern"),
                 QStringLiteral("lockscope:*")});
      if (!cli.waitForFinished(10'000)) return QStringLiteral("redis-cli did not answer");
      return QString::fromLatin1(cli.readAllStandardOutput()).trimmed();
    };
    QCOMPARE(runKeys(), QString());
    auto simulation = std::make_unique<SimulationController>();
    simulation->live()->useBackend(QStringLiteral("live"), servers);
    QVERIFY(simulation->session()->load(file));
    QVERIFY(simulation->live()->busy());
    // The client holds the lock: its key is on the server.
    QTRY_VERIFY_WITH_TIMEOUT(!runKeys().isEmpty(), 20'000);
    QElapsedTimer closing;
    closing.start();
    simulation.reset();
    QVERIFY2(closing.elapsed() < 30'000, "the close waited for the live run's own end");
    QCOMPARE(runKeys(), QString());
    QCOMPARE(lockscope::live::interruptSignal(), 0);  // the next live run is not stopped at once
  }
};

QTEST_MAIN(GuiLiveTest)
#include "tst_gui_live.moc"
