// One job: faults by hand. Turns a click in a client's, the server's or a Redis instance's menu
// into a fault scheduled at the cursor's time (the session records the run again with it), and
// says what each menu offers at the cursor.
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QObject>
#include <QVariantList>
#include <QVariantMap>

#include "sim/scenario/scenario.h"
#include "sim/trace/fault_kinds.h"

namespace lockscope::gui {

class SimulationController;

class FaultController : public QObject {
  Q_OBJECT
  QML_ANONYMOUS
  Q_PROPERTY(bool serverUp READ serverUp NOTIFY changed)
  // Per client, what its fault menu offers at the cursor (faultChoices): the menu binds to it,
  // so it shows the client's state however often the same client is clicked, and while open.
  Q_PROPERTY(QVariantList faultMenus READ faultMenus NOTIFY changed)
  // Every Redis instance: whether it is up at the cursor (the instance menu's Kill or Restart).
  Q_PROPERTY(QVariantMap instancesUp READ instancesUp NOTIFY changed)

 public:
  explicit FaultController(SimulationController& simulation);

  // kind: crash, restart, pause, resume, partition, heal, expire_session, lose_reply.
  Q_INVOKABLE bool injectFault(const QString& kind, const QString& client);
  // A fault by client number; "pause" and "partition" toggle: a paused client is resumed, a
  // partitioned one healed (the keyboard's P and N).
  Q_INVOKABLE bool injectFaultOn(const QString& kind, int client);
  // Whether a Redis instance has a replica to fail over to (the instance menu offers it only then).
  Q_INVOKABLE bool hasReplica(const QString& instance) const;
  // Redis: kind kill_instance, restart_instance, failover, or clock_jump by `jumpMs`.
  Q_INVOKABLE bool injectInstanceFault(const QString& kind, const QString& instance,
                                       double jumpMs = 0);
  Q_INVOKABLE bool instanceUp(const QString& instance) const;
  // ZooKeeper or the database: kill the server ("kill_server") or bring it back
  // ("restart_server").
  Q_INVOKABLE bool injectServerFault(const QString& kind);
  Q_INVOKABLE bool toggleServer();
  // What a client's fault menu offers at the cursor: {name, crash, restart (enabled or not),
  // pause ("pause" or "resume"), pauseEnabled, partition ("partition" or "heal"),
  // partitionEnabled, expire_session and lose_reply (whether the run's service acts on them)}.
  Q_INVOKABLE QVariantMap faultChoices(int client) const;
  Q_INVOKABLE QString clientActivity(int client) const;
  Q_INVOKABLE bool clientPartitioned(int client) const;
  // Whether the shown run's service (backend, model or live) acts on a fault of `kind`.
  Q_INVOKABLE bool supports(const QString& kind) const;

  bool serverUp() const;
  QVariantList faultMenus() const;
  QVariantMap instancesUp() const;

 signals:
  void changed();
  void errorOccurred(const QString& error);

 private:
  sim::FaultService service() const;
  // The fault at the cursor's time, and the run recorded again with it.
  void scheduleAtCursor(scenario::Fault fault);

  SimulationController& simulation_;
};

}  // namespace lockscope::gui
