#include "simulation_controller.h"

#include "causal_slice_model.h"
#include "client_list_model.h"
#include "event_log_model.h"
#include "recipe_line_model.h"

namespace lockscope::gui {

SimulationController::SimulationController(QObject* parent)
    : QObject(parent),
      run_(new RunDescription(this)),
      clients_(new ClientListModel(this)),
      events_(new EventLogModel(this)),
      recipeLines_(new RecipeLineModel(this)),
      metrics_(new MetricsModel(this)),
      playback_(new PlaybackController(this)),
      live_(new LiveRunner(this)),
      session_(new ScenarioSession(
          [this](const scenario::Scenario& scenario, const QString& file, bool keepCursor) {
            return record(scenario, file, keepCursor);
          },
          this)),
      faults_(new FaultController(*this)),
      compare_(new CompareController(*this)),
      verdict_(new VerdictLine(*this)),
      challenge_(new ChallengeLine(*this)),
      explorer_(new ExplorerRunner(*session_, this)),
      console_(new ShellConsole(
          [this](std::unique_ptr<RunTimeline> run, bool first, std::optional<sim::Micros> from) {
            showConsoleRun(std::move(run), first, from);
          },
          // Back to the lesson: recorded again (milliseconds, and the same run), from its start.
          [this] { session_->rerecord(false); }, this)),
      slice_(new CausalSliceModel(*this)) {
  connect(this, &SimulationController::scenarioChanged, run_, &RunDescription::changed);
  connect(playback_, &PlaybackController::moved, this, &SimulationController::refreshModels);
  connect(playback_, &PlaybackController::frameChanged, this, &SimulationController::frameChanged);
  connect(this, &SimulationController::frameChanged, faults_, &FaultController::changed);
  // One error line for every part: what was done last and failed (empty when it worked).
  connect(session_, &ScenarioSession::errorOccurred, this, &SimulationController::setError);
  connect(live_, &LiveRunner::errorOccurred, this, &SimulationController::setError);
  connect(faults_, &FaultController::errorOccurred, this, &SimulationController::setError);
  connect(explorer_, &ExplorerRunner::errorOccurred, this, &SimulationController::setError);
  connect(session_, &ScenarioSession::lessonLoaded, this, [this] {
    if (!session_->compareWith().isEmpty()) emit compareRequested(session_->compareWith());
  });
  connect(live_, &LiveRunner::liveRunStarted, playback_, &PlaybackController::pause);
  // The console speaks the shell of the lesson's service: redis-cli in a Redis lesson.
  connect(session_, &ScenarioSession::changed, this,
          [this] { console_->setKind(consoleKindFor(session_->scenario().backend)); });
  connect(console_, &ShellConsole::activeChanged, this, [this] {
    if (!console_->active()) restorePace();
  });
  connect(live_, &LiveRunner::rerunRequested, this, [this] {
    if (timeline_) session_->rerecord(false);
  });
}

SimulationController::~SimulationController() = default;

bool SimulationController::record(const scenario::Scenario& scenario, const QString& file,
                                  bool keepCursor) {
  return live_->record(scenario, file, [this, keepCursor](std::unique_ptr<RunTimeline> run) {
    console_->detach();  // the lesson has the stage again
    adopt(std::move(run), keepCursor);
  });
}

void SimulationController::adopt(std::unique_ptr<RunTimeline> timeline, bool keepCursor) {
  timeline_ = std::move(timeline);
  playback_->setRun(timeline_.get(), keepCursor);
  setError({});
  run_->reset(timeline_.get());
  events_->reset(timeline_.get());
  clients_->reset(timeline_.get());
  recipeLines_->reset(timeline_.get());
  emit scenarioChanged();
  playback_->enterRun();
}

void SimulationController::showConsoleRun(std::unique_ptr<RunTimeline> timeline, bool first,
                                          std::optional<sim::Micros> from) {
  if (first && !paceBeforeConsole_)
    paceBeforeConsole_ = Pace{playback_->speed(), playback_->timeLens()};
  adopt(std::move(timeline), !first);
  if (from) playback_->seekTime(static_cast<double>(*from));
  // Played on: a command's messages travel, a TTL runs out. Not at the end, where playing would
  // start the run over.
  if (playback_->timeMicros() < timeline_->endTime()) playback_->play();
}

void SimulationController::restorePace() {
  if (!paceBeforeConsole_) return;
  playback_->setSpeed(paceBeforeConsole_->speed);
  playback_->setTimeLens(paceBeforeConsole_->timeLens);
  paceBeforeConsole_.reset();
}

double SimulationController::playerSpeed() const {
  return paceBeforeConsole_ ? paceBeforeConsole_->speed : playback_->speed();
}

void SimulationController::refreshModels(size_t previousIndex) {
  const StageState& stage = playback_->stage();
  clients_->refresh(stage, playback_->timeMicros());
  recipeLines_->refresh(stage);
  events_->moveCursor(previousIndex, playback_->eventsShown());
  metrics_->refresh(timeline_.get(), stage, playback_->timeMicros(), playback_->eventsShown());
}

void SimulationController::setError(const QString& error) {
  if (error_ == error) return;
  error_ = error;
  emit errorChanged();
}

void SimulationController::retranslate() {
  if (timeline_) run_->retranslate();
  playback_->retranslate();
  metrics_->retranslate();
  events_->retranslate();
  emit frameChanged();  // the views repaint, the verdict and the compare headline are read again
}

void SimulationController::setWholeRunShown(bool shown) {
  if (wholeRunShown_ == shown) return;
  wholeRunShown_ = shown;
  events_->showWholeRun(shown);
  emit wholeRunShownChanged();
  emit frameChanged();  // the views draw more or less of the run, the verdict changes
}

sim::Micros SimulationController::shownUntil() const {
  if (!timeline_) return 0;
  return wholeRunShown_ ? timeline_->endTime() : playback_->timeMicros();
}

}  // namespace lockscope::gui
