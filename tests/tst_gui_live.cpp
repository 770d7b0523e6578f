// Goal: the GUI's backend switch runs a lesson against a real ZooKeeper (a Redis lesson against
// real redis-servers) and plays the result,
// and an unreachable server becomes a status-line message within the connect timeout, with the
// window's previous run left in place and nothing frozen.
//
// Method: a SimulationController switched to live against the zk_standalone fixture's server
// and the redis_servers fixture's first server (and against a loopback port nobody listens on); the
// event loop keeps running while the live run takes its real time on the worker thread.
#include <QElapsedTimer>
#include <QTest>

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
};

QTEST_MAIN(GuiLiveTest)
#include "tst_gui_live.moc"
