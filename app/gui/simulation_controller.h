// One simulation as the GUI shows it: the composition root of its parts, and the recorded run
// they share. QML binds to its parts -
//   run       what the shown run is: title, recipe, seed, clients, ...    run_description.h
//   session   the scenario's text, the scenario parsed from it and the clicked faults (load,
//             configure, Record)                                          scenario_session.h
//   playback  the cursor: play/pause/step/seek/speed and the narration    playback_controller.h
//   live      the backend, model or live servers, that records the runs   live_runner.h
//   faults    faults by hand, and what the fault menus offer              fault_controller.h
//   compare   compare mode, on the follower                               compare_controller.h
//   explorer  "Break it": search the lesson for a counterexample          explorer_runner.h
//   metrics   the metrics panel's figures at the cursor                   metrics_model.h
//   verdict   the status line's verdict                                   verdict_line.h
//   console   the zkCli / redis-cli console, whose own server takes the   shell_console.h
//             stage
//   challenge a challenge's goal, budget left and grade                   challenge_line.h
// - to its list models, and to the one error line every part reports to.
//
// A run is recorded once per (scenario, seed, faults), and replaced only here (adopt): a clicked
// fault becomes a scheduled fault at the cursor's time and the run is recorded again; being
// deterministic, it is the same run up to that moment.
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QObject>
#include <QStringList>
#include <memory>
#include <optional>

#include "challenge_line.h"
#include "compare_controller.h"
#include "core/run_timeline.h"
#include "core/stage_state.h"
#include "explorer_runner.h"
#include "fault_controller.h"
#include "live_runner.h"
#include "metrics_model.h"
#include "playback_controller.h"
#include "run_description.h"
#include "scenario_session.h"
#include "shell_console.h"
#include "verdict_line.h"

namespace lockscope::gui {

class CausalSliceModel;
class ClientListModel;
class EventLogModel;
class RecipeLineModel;

class SimulationController : public QObject {
  Q_OBJECT
  QML_NAMED_ELEMENT(Simulation)
  Q_PROPERTY(lockscope::gui::RunDescription* run READ run CONSTANT)
  Q_PROPERTY(lockscope::gui::ScenarioSession* session READ session CONSTANT)
  Q_PROPERTY(lockscope::gui::PlaybackController* playback READ playback CONSTANT)
  Q_PROPERTY(lockscope::gui::LiveRunner* live READ live CONSTANT)
  Q_PROPERTY(lockscope::gui::FaultController* faults READ faults CONSTANT)
  Q_PROPERTY(lockscope::gui::CompareController* compare READ compare CONSTANT)
  Q_PROPERTY(lockscope::gui::ExplorerRunner* explorer READ explorer CONSTANT)
  Q_PROPERTY(lockscope::gui::MetricsModel* metrics READ metrics CONSTANT)
  Q_PROPERTY(lockscope::gui::VerdictLine* verdict READ verdict CONSTANT)
  Q_PROPERTY(lockscope::gui::ShellConsole* console READ console CONSTANT)
  Q_PROPERTY(lockscope::gui::ChallengeLine* challenge READ challenge CONSTANT)
  Q_PROPERTY(lockscope::gui::ClientListModel* clients READ clients CONSTANT)
  Q_PROPERTY(lockscope::gui::EventLogModel* events READ events CONSTANT)
  Q_PROPERTY(lockscope::gui::RecipeLineModel* recipeLines READ recipeLines CONSTANT)
  Q_PROPERTY(lockscope::gui::CausalSliceModel* slice READ slice CONSTANT)

  Q_PROPERTY(QString error READ error NOTIFY errorChanged)
  // Off (the default): the window shows the run up to the cursor only - the event log lists what
  // has happened, the diagram and chart draw up to the cursor - so that a "what happens next?"
  // pause does not show the answer. On: the whole run, what is still to come faded (a teacher's
  // choice; kept across lessons).
  Q_PROPERTY(
      bool wholeRunShown READ wholeRunShown WRITE setWholeRunShown NOTIFY wholeRunShownChanged)

 public:
  explicit SimulationController(QObject* parent = nullptr);
  ~SimulationController() override;

  RunDescription* run() const { return run_; }
  ScenarioSession* session() const { return session_; }
  PlaybackController* playback() const { return playback_; }
  LiveRunner* live() const { return live_; }
  FaultController* faults() const { return faults_; }
  CompareController* compare() const { return compare_; }
  ExplorerRunner* explorer() const { return explorer_; }
  MetricsModel* metrics() const { return metrics_; }
  VerdictLine* verdict() const { return verdict_; }
  ShellConsole* console() const { return console_; }
  ChallengeLine* challenge() const { return challenge_; }
  ClientListModel* clients() const { return clients_; }
  EventLogModel* events() const { return events_; }
  RecipeLineModel* recipeLines() const { return recipeLines_; }
  CausalSliceModel* slice() const { return slice_; }

  QString error() const { return error_; }
  bool wholeRunShown() const { return wholeRunShown_; }
  void setWholeRunShown(bool shown);
  // The language changed (Language.use): the texts made in C++ are made again in it, the painted
  // views redrawn. qsTr bindings in QML need no call; these read C++ strings QML cannot see change.
  Q_INVOKABLE void retranslate();

  // For the painted views and the parts.
  const RunTimeline* timeline() const { return timeline_.get(); }
  const StageState& stage() const { return playback_->stage(); }
  sim::Micros timeMicros() const { return playback_->timeMicros(); }
  // How far the painted views draw the run: the cursor, or its end when the whole run is shown.
  sim::Micros shownUntil() const;
  // The player's speed as it is the user's: not a console's pace (the redis-cli console's real
  // time), which the lesson does not keep. What the window remembers.
  double playerSpeed() const;

 signals:
  // A new run is shown.
  void scenarioChanged();
  // What is shown of the run changed: the cursor moved, or the whole run is shown or not.
  void frameChanged();
  void errorChanged();
  void wholeRunShownChanged();
  // A lesson was loaded that asks to be compared with `recipe` (`compare_with:`): the window
  // opens compare mode with it.
  void compareRequested(const QString& recipe);

 private:
  // Records the session's scenario on the chosen backend, and shows the run when it is there.
  bool record(const scenario::Scenario& scenario, const QString& file, bool keepCursor);
  void adopt(std::unique_ptr<RunTimeline> timeline, bool keepCursor);
  // The console's run so far, its cursor at `from` (else where it was), played on from there.
  void showConsoleRun(std::unique_ptr<RunTimeline> timeline, bool first,
                      std::optional<sim::Micros> from);
  // The console gave the stage back: the player's pace as it was before the console's.
  void restorePace();
  // The cursor moved from `previousIndex` events: the models of what it shows follow.
  void refreshModels(size_t previousIndex);
  void setError(const QString& error);

  std::unique_ptr<RunTimeline> timeline_;
  QString error_;
  bool wholeRunShown_ = false;
  RunDescription* run_;
  ClientListModel* clients_;
  EventLogModel* events_;
  RecipeLineModel* recipeLines_;
  MetricsModel* metrics_;
  PlaybackController* playback_;
  LiveRunner* live_;
  ScenarioSession* session_;
  FaultController* faults_;
  CompareController* compare_;
  VerdictLine* verdict_;
  ChallengeLine* challenge_;
  ExplorerRunner* explorer_;
  ShellConsole* console_;
  CausalSliceModel* slice_;
  // The player's speed and time lens before a console's run set its own pacing (the redis-cli
  // console plays in real time): the lesson gets them back with the stage.
  struct Pace {
    double speed;
    bool timeLens;
  };
  std::optional<Pace> paceBeforeConsole_;
};

}  // namespace lockscope::gui
