// The view-model of one simulation as the GUI plays it: which scenario is loaded, the recorded
// run, the playback cursor (a virtual time and how many trace events have happened by then),
// play/pause/step/seek/speed, the narration at the cursor, live metrics, and the faults the user
// clicked. QML binds to it and calls it; it holds all the logic the views need.
//
// Playback never changes the run: the run is recorded once per (scenario, seed, faults), and the
// cursor only chooses how much of it is shown. A clicked fault becomes a scheduled fault at the
// cursor's time and the run is recorded again; being deterministic, it is the same run up to
// that moment.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QThread>
#include <QTimer>
#include <QUrl>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>
#include <memory>

#include "core/run_timeline.h"
#include "sim/scenario/scenario_loader.h"
#include "core/stage_state.h"

namespace lockscope::gui {

class ClientListModel;
class EventLogModel;
class RecipeLineModel;

class SimulationController : public QObject {
  Q_OBJECT
  QML_NAMED_ELEMENT(Simulation)
  Q_PROPERTY(bool loaded READ loaded NOTIFY scenarioChanged)
  Q_PROPERTY(QString file READ file NOTIFY scenarioChanged)
  Q_PROPERTY(QString title READ title NOTIFY scenarioChanged)
  Q_PROPERTY(QString summary READ summary NOTIFY scenarioChanged)
  Q_PROPERTY(QString recipe READ recipe NOTIFY scenarioChanged)
  // The recipes the top bar offers: those of the lesson's service (a ZooKeeper recipe cannot run
  // a Redis lesson), in the catalogue's order.
  Q_PROPERTY(QStringList recipeNames READ recipeNames NOTIFY scenarioChanged)
  Q_PROPERTY(int recipeIndex READ recipeIndex NOTIFY scenarioChanged)
  Q_PROPERTY(QString seed READ seed NOTIFY scenarioChanged)
  Q_PROPERTY(int clientCount READ clientCount NOTIFY scenarioChanged)
  // The loader's cap, so the clients box can show (and set) any count a scenario may have.
  Q_PROPERTY(int maxClients READ maxClients CONSTANT)
  Q_PROPERTY(QString latencyMs READ latencyMs NOTIFY scenarioChanged)
  Q_PROPERTY(QStringList clientNames READ clientNames NOTIFY scenarioChanged)
  // "all clients" and then every client: the event log's filter choices.
  Q_PROPERTY(QStringList clientChoices READ clientChoices NOTIFY scenarioChanged)
  // "all kinds" and then every kind of event the run has, in trace-kind order.
  Q_PROPERTY(QStringList kindChoices READ kindChoices NOTIFY scenarioChanged)
  Q_PROPERTY(QString error READ error NOTIFY errorChanged)
  // The status line's verdict as of the cursor (simulation_verdict.cpp): the lesson's expectations
  // are judged at the end of the run (or with the whole run shown), violations counted as they
  // happen; verdictFailed: that shown verdict is a failed expectation. passed: the whole run's.
  Q_PROPERTY(QString verdict READ verdict NOTIFY frameChanged)
  Q_PROPERTY(bool verdictFailed READ verdictFailed NOTIFY frameChanged)
  Q_PROPERTY(bool passed READ passed NOTIFY scenarioChanged)
  // Off (the default): the window shows the run up to the cursor only - the event log lists what
  // has happened, the diagram and chart draw up to the cursor - so that a "what happens next?"
  // pause does not show the answer. On: the whole run, what is still to come faded (a teacher's
  // choice; kept across lessons).
  Q_PROPERTY(bool wholeRunShown READ wholeRunShown WRITE setWholeRunShown NOTIFY wholeRunShownChanged)
  Q_PROPERTY(double time READ time NOTIFY frameChanged)
  Q_PROPERTY(double origin READ origin NOTIFY scenarioChanged)
  Q_PROPERTY(double endTime READ endTime NOTIFY scenarioChanged)
  Q_PROPERTY(QString timeText READ timeText NOTIFY frameChanged)
  Q_PROPERTY(int eventIndex READ eventIndex NOTIFY frameChanged)
  Q_PROPERTY(int eventCount READ eventCount NOTIFY scenarioChanged)
  Q_PROPERTY(bool playing READ playing WRITE setPlaying NOTIFY playingChanged)
  Q_PROPERTY(double speed READ speed WRITE setSpeed NOTIFY speedChanged)
  Q_PROPERTY(QString narration READ narration NOTIFY narrationChanged)
  Q_PROPERTY(bool waitingAtNarration READ waitingAtNarration NOTIFY narrationChanged)
  // Every narration step of the run as the panel shows it: the panel keeps the height of the
  // tallest, so that it does not jump (and push the panels under it) as the narration changes.
  Q_PROPERTY(QStringList narrationTexts READ narrationTexts NOTIFY scenarioChanged)
  Q_PROPERTY(QVariantMap metrics READ metrics NOTIFY frameChanged)
  Q_PROPERTY(bool serverUp READ serverUp NOTIFY frameChanged)
  // Per client, what its fault menu offers at the cursor (faultChoices): the menu binds to it,
  // so it shows the client's state however often the same client is clicked, and while open.
  Q_PROPERTY(QVariantList faultMenus READ faultMenus NOTIFY frameChanged)
  // Every Redis instance: whether it is up at the cursor (the instance menu's Kill or Restart).
  Q_PROPERTY(QVariantMap instancesUp READ instancesUp NOTIFY frameChanged)
  Q_PROPERTY(QStringList manualFaults READ manualFaults NOTIFY scenarioChanged)
  Q_PROPERTY(QString faultSummary READ faultSummary NOTIFY scenarioChanged)
  // Compare mode: a follower plays its leader's scenario (file, seed, clients, latency and clicked
  // faults, re-synced whenever the leader's run changes) under its own recipe, at the leader's
  // time. compareRecipe: that recipe; empty (or the leader's own) picks a counterpart.
  Q_PROPERTY(lockscope::gui::SimulationController* leader READ leader WRITE setLeader NOTIFY leaderChanged)
  Q_PROPERTY(QString compareRecipe READ compareRecipe WRITE setCompareRecipe NOTIFY leaderChanged)
  // Compare mode (simulation_compare.cpp), on the follower: the recipes it may play (the leader's
  // service's, but the leader's own), whether it follows the leader's time or its "release #k"
  // (the same number of releases done, as long after the last one), and the difference that
  // matters, in one line ("9 notifications per release vs 1").
  Q_PROPERTY(QStringList compareChoices READ compareChoices NOTIFY scenarioChanged)
  Q_PROPERTY(int compareIndex READ compareIndex NOTIFY scenarioChanged)  // this run's recipe in them
  Q_PROPERTY(bool alignOnRelease READ alignOnRelease WRITE setAlignOnRelease NOTIFY leaderChanged)
  Q_PROPERTY(QString headline READ headline NOTIFY frameChanged)
  Q_PROPERTY(QString backend READ backend NOTIFY backendChanged)
  Q_PROPERTY(QString liveServers READ liveServers NOTIFY backendChanged)
  Q_PROPERTY(QString connectionStatus READ connectionStatus NOTIFY backendChanged)
  Q_PROPERTY(bool busy READ busy NOTIFY backendChanged)
  Q_PROPERTY(lockscope::gui::ClientListModel* clients READ clients CONSTANT)
  Q_PROPERTY(lockscope::gui::EventLogModel* events READ events CONSTANT)
  Q_PROPERTY(lockscope::gui::RecipeLineModel* recipeLines READ recipeLines CONSTANT)

 public:
  explicit SimulationController(QObject* parent = nullptr);
  ~SimulationController() override;

  // Loads a scenario file; on failure keeps the current run and sets `error` to the loader's
  // one-line "file:line:col: what was expected".
  Q_INVOKABLE bool load(const QString& path);
  // "model", or "live" against `servers` ("host:port[,host:port...]"): the scenario runs again
  // there. A live run takes its real time on a worker thread and is played when it is done; an
  // unreachable server is a status-line message within the connect timeout, never a freeze.
  Q_INVOKABLE void useBackend(const QString& backend, const QString& servers);
  // The same scenario under another recipe, seed, client count or one-way latency in ms ("2" or
  // "1, 5"; empty/0: unchanged). Save As (Record) writes what was configured.
  Q_INVOKABLE bool configure(const QString& recipe, const QString& seed, int clients,
                             const QString& latencyMs = QString());
  Q_INVOKABLE void play() { setPlaying(true); }
  Q_INVOKABLE void pause() { setPlaying(false); }
  Q_INVOKABLE void togglePlaying() { setPlaying(!playing_); }
  Q_INVOKABLE void stepForward();
  Q_INVOKABLE void stepBack();
  Q_INVOKABLE void seekTime(double micros);
  Q_INVOKABLE void seekEvent(int eventIndex);
  Q_INVOKABLE void restart();
  Q_INVOKABLE void toEnd() { seekTime(endTime()); }
  // Moves the cursor by `steps` hundredths of the run (negative: back).
  Q_INVOKABLE void scrub(int steps);
  Q_INVOKABLE void faster() { setSpeed(speed_ * 2); }
  Q_INVOKABLE void slower() { setSpeed(speed_ / 2); }
  // kind: crash, restart, pause, resume, partition, heal, expire_session, lose_reply.
  Q_INVOKABLE bool injectFault(const QString& kind, const QString& client);
  // Whether a Redis instance has a replica to fail over to (the instance menu offers it only then).
  Q_INVOKABLE bool hasReplica(const QString& instance) const;
  // Redis: kind kill_instance, restart_instance, failover, or clock_jump by `jumpMs`.
  Q_INVOKABLE bool injectInstanceFault(const QString& kind, const QString& instance, double jumpMs = 0);
  Q_INVOKABLE bool instanceUp(const QString& instance) const;
  // ZooKeeper: kill the server ("kill_server") or bring it back ("restart_server").
  Q_INVOKABLE bool injectServerFault(const QString& kind);
  Q_INVOKABLE bool toggleServer();
  // What a client's fault menu offers at the cursor: {name, crash, restart (enabled or not),
  // pause ("pause" or "resume"), pauseEnabled, partition ("partition" or "heal")}.
  Q_INVOKABLE QVariantMap faultChoices(int client) const;
  // A fault by client number; "pause" and "partition" toggle: a paused client is resumed, a
  // partitioned one healed (the keyboard's P and N).
  Q_INVOKABLE bool injectFaultOn(const QString& kind, int client);
  Q_INVOKABLE QString clientActivity(int client) const;
  Q_INVOKABLE bool clientPartitioned(int client) const;
  Q_INVOKABLE bool undoLastFault();
  // Writes the scenario with the clicked faults (Record) or as configured (Save As).
  Q_INVOKABLE bool saveRecording(const QString& path);
  Q_INVOKABLE QString recordingText() const;
  Q_INVOKABLE QString eventTimeText(int eventIndex) const;
  // A file dialog's URL as a path the loader and writers take.
  Q_INVOKABLE QString localFile(const QUrl& url) const { return url.toLocalFile(); }

  bool loaded() const { return timeline_ != nullptr; }
  QString file() const { return file_; }
  QString title() const;
  QString summary() const;
  QString recipe() const;
  QStringList recipeNames() const;
  int recipeIndex() const { return static_cast<int>(recipeNames().indexOf(recipe())); }
  QString seed() const;
  int clientCount() const;
  int maxClients() const { return static_cast<int>(scenario::kMaxClients); }
  QString latencyMs() const;
  QStringList clientNames() const;
  QStringList clientChoices() const { return QStringList{QStringLiteral("all clients")} + clientNames(); }
  QStringList kindChoices() const { return kindChoices_; }
  QString error() const { return error_; }
  bool serverUp() const { return stage_.serverUp(); }
  QVariantList faultMenus() const;
  QVariantMap instancesUp() const;
  QString verdict() const;
  bool verdictFailed() const;
  bool passed() const;
  bool wholeRunShown() const { return wholeRunShown_; }
  void setWholeRunShown(bool shown);
  double time() const { return static_cast<double>(time_); }
  double origin() const;
  double endTime() const;
  QString timeText() const;
  int eventIndex() const { return static_cast<int>(eventIndex_); }
  int eventCount() const;
  bool playing() const { return playing_; }
  void setPlaying(bool playing);
  double speed() const { return speed_; }
  void setSpeed(double speed);
  QString narration() const;
  QStringList narrationTexts() const;
  bool waitingAtNarration() const { return waitingAtNarration_; }
  QVariantMap metrics() const;
  QStringList manualFaults() const;
  QString faultSummary() const { return manualFaults().join(QStringLiteral(", ")); }
  SimulationController* leader() const { return leader_; }
  void setLeader(SimulationController* leader);
  QString compareRecipe() const { return compareRecipe_; }
  void setCompareRecipe(const QString& recipe);
  QStringList compareChoices() const;
  int compareIndex() const { return static_cast<int>(compareChoices().indexOf(recipe())); }
  bool alignOnRelease() const { return alignOnRelease_; }
  void setAlignOnRelease(bool on);
  QString headline() const;
  QString backend() const { return live_ ? QStringLiteral("live") : QStringLiteral("model"); }
  QString liveServers() const { return liveServers_; }
  QString connectionStatus() const { return connectionStatus_; }
  bool busy() const { return worker_ != nullptr; }
  ClientListModel* clients() const { return clients_; }
  EventLogModel* events() const { return events_; }
  RecipeLineModel* recipeLines() const { return recipeLines_; }

  // For the painted views.
  const RunTimeline* timeline() const { return timeline_.get(); }
  const StageState& stage() const { return stage_; }
  sim::Micros timeMicros() const { return time_; }
  // How far the painted views draw the run: the cursor, or its end when the whole run is shown.
  sim::Micros shownUntil() const;

 signals:
  void scenarioChanged();
  void frameChanged();
  void playingChanged();
  void speedChanged();
  void narrationChanged();
  void errorChanged();
  void leaderChanged();
  void backendChanged();
  void wholeRunShownChanged();

 private:
  bool adopt(std::unique_ptr<RunTimeline> timeline, const QString& file, const std::string& text,
             bool keepCursor);
  void rerecord(bool keepCursor);
  // The scenario as loaded or configured, with the faults clicked so far.
  scenario::Scenario withClickedFaults() const;
  // Records `scenario` on the chosen backend and adopts it: at once on the model, later (from a
  // worker thread) when live.
  bool recordAndAdopt(const scenario::Scenario& scenario, const QString& file, const std::string& text,
                      bool keepCursor);
  void setConnectionStatus(const QString& status);
  void moveTo(sim::Micros time, size_t eventIndex);
  void advance();
  void setError(const QString& error);
  void followLeader();
  // Where the follower's cursor goes for the leader's: the same time, or its own release #k.
  sim::Micros followerTime() const;
  // Plays the leader's scenario and clicked faults under the compare recipe.
  void followLeaderScenario();
  // The recipe, seed, client count or latency differ from the lesson file's (configure, or a
  // follower's recipe): its expectations were not written for this run.
  bool settingsChanged() const;

  std::unique_ptr<RunTimeline> timeline_;
  QString file_;
  std::string text_;                    // the scenario file's text, for Record and Save As
  scenario::Scenario base_;             // as loaded (and configured), without clicked faults
  scenario::Scenario asLoaded_;         // as loaded: what the lesson's expectations were written for
  std::vector<scenario::Fault> clicked_;
  QString error_;
  QStringList kindChoices_{QStringLiteral("all kinds")};
  StageState stage_;
  sim::Micros time_ = 0;
  size_t eventIndex_ = 0;
  bool playing_ = false;
  double speed_ = 0.02;
  bool waitingAtNarration_ = false;
  sim::Micros narrationResumedAt_ = -1;  // a pause moment already stopped at
  QTimer frameTimer_;
  QElapsedTimer wallClock_;
  QPointer<SimulationController> leader_;
  QString compareRecipe_;
  bool alignOnRelease_ = false;
  bool wholeRunShown_ = false;
  bool live_ = false;
  QString liveServers_;
  QString connectionStatus_;
  QThread* worker_ = nullptr;
  ClientListModel* clients_;
  EventLogModel* events_;
  RecipeLineModel* recipeLines_;
};

}  // namespace lockscope::gui
