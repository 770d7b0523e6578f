// Goal: "Fail over to its replica" is offered, and accepted, only for a Redis master that has a
// replica: on a lesson without replicas the fault is refused with one line naming the instance
// (it used to enter the run and do nothing a class could see); on the failover lesson it works.
//
// Method: a SimulationController on the real lessons redis/crash-with-ttl (no replica) and
// redis/failover-async-replication (one replica per master), the fault injected as the instance
// menu injects it.
#include <QTest>

#include "simulation_controller.h"

using lockscope::gui::SimulationController;

class FailoverNeedsReplicaTest : public QObject {
  Q_OBJECT

 private slots:
  void refusedWithoutAReplica() {
    SimulationController simulation;
    QVERIFY(simulation.session()->load(
        QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/redis/crash-with-ttl.yaml")));
    QVERIFY(!simulation.faults()->hasReplica(QStringLiteral("redis-1")));
    QVERIFY(!simulation.faults()->injectInstanceFault(QStringLiteral("failover"),
                                                      QStringLiteral("redis-1"), 0));
    QCOMPARE(simulation.error(), QStringLiteral("redis-1 has no replica to fail over to"));
    QVERIFY(simulation.session()->manualFaults().isEmpty());
  }

  void acceptedWithOne() {
    SimulationController simulation;
    QVERIFY(simulation.session()->load(
        QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/redis/failover-async-replication.yaml")));
    QVERIFY(simulation.faults()->hasReplica(QStringLiteral("redis-1")));
    QVERIFY(!simulation.faults()->hasReplica(QStringLiteral("redis-1-r1")));
    QVERIFY2(simulation.faults()->injectInstanceFault(QStringLiteral("failover"),
                                                      QStringLiteral("redis-1"), 0),
             qPrintable(simulation.error()));
    QCOMPARE(simulation.session()->manualFaults().size(), 1);
  }
};

QTEST_GUILESS_MAIN(FailoverNeedsReplicaTest)
#include "tst_failover_needs_replica.moc"
