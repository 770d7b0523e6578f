// One job: compare mode, on the follower's side. The follower plays its leader's scenario (file,
// seed, clients, latency and clicked faults, re-synced whenever the leader's run changes) under
// a recipe of its own, its cursor following the leader's (by time, or by "release #k"), and
// names the difference between the two runs that matters.
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include "sim/engine/virtual_time.h"

Q_MOC_INCLUDE("simulation_controller.h")

namespace lockscope::gui {

class SimulationController;

class CompareController : public QObject {
  Q_OBJECT
  QML_ANONYMOUS
  // The simulation followed; null: this one plays by itself.
  Q_PROPERTY(
      lockscope::gui::SimulationController* leader READ leader WRITE setLeader NOTIFY leaderChanged)
  // The recipe to play; empty (or the leader's own) picks a counterpart.
  Q_PROPERTY(QString recipe READ recipe WRITE setRecipe NOTIFY leaderChanged)
  // The recipes it may play: the leader's service's, but the leader's own, then the other
  // services' representatives (recipes/service_representatives.h), whose runs play the leader's
  // client plan on their own service.
  Q_PROPERTY(QStringList choices READ choices NOTIFY choicesChanged)
  Q_PROPERTY(int index READ index NOTIFY choicesChanged)  // this run's recipe in them
  // Follow the leader's time, or its "release #k": the same number of releases done, as long
  // after the last one.
  Q_PROPERTY(bool alignOnRelease READ alignOnRelease WRITE setAlignOnRelease NOTIFY leaderChanged)
  // The difference that matters at the cursor, in one line ("9 notifications per release vs 1").
  Q_PROPERTY(QString headline READ headline NOTIFY headlineChanged)
  // What of the leader's run has no counterpart on another service and was left out, one line
  // ("expire_session has no counterpart on redis: left out"); empty when nothing was.
  Q_PROPERTY(QString note READ note NOTIFY choicesChanged)

 public:
  explicit CompareController(SimulationController& follower);

  SimulationController* leader() const { return leader_; }
  void setLeader(SimulationController* leader);
  QString recipe() const { return recipe_; }
  void setRecipe(const QString& recipe);
  QStringList choices() const;
  int index() const;
  bool alignOnRelease() const { return alignOnRelease_; }
  void setAlignOnRelease(bool on);
  QString headline() const;
  QString note() const;

 signals:
  void leaderChanged();
  void choicesChanged();
  void headlineChanged();

 private:
  // Moves the follower's cursor to the leader's.
  void followLeader();
  // Plays the leader's scenario and clicked faults under the compare recipe.
  void followLeaderScenario();
  // Where the follower's cursor goes for the leader's: the same time, or its own release #k.
  sim::Micros followerTime() const;
  // Across services: how long the lock stayed lost after its holder's crash in each run
  // ("next holder after the crash: none in 3.0 s vs 4.1 s"); empty when that does not differ.
  QString crossServiceHeadline() const;
  // Across services: the most clients holding at once in each run ("most holders at once: 1 vs
  // 2"); empty when the same.
  QString holdersAtOnceHeadline() const;

  SimulationController& follower_;
  QPointer<SimulationController> leader_;
  QString recipe_;
  bool alignOnRelease_ = false;
};

}  // namespace lockscope::gui
