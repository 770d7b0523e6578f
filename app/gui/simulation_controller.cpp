#include "simulation_controller.h"

#include <array>

#include "client_list_model.h"
#include "event_log_model.h"
#include "recipe_line_model.h"
#include "sim/recipes/lock_recipe.h"

namespace lockscope::gui {

SimulationController::SimulationController(QObject* parent)
    : QObject(parent),
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
      verdict_(new VerdictLine(*this)) {
  connect(playback_, &PlaybackController::moved, this, &SimulationController::refreshModels);
  connect(playback_, &PlaybackController::frameChanged, this, &SimulationController::frameChanged);
  connect(this, &SimulationController::frameChanged, faults_, &FaultController::changed);
  // One error line for every part: what was done last and failed (empty when it worked).
  connect(session_, &ScenarioSession::errorOccurred, this, &SimulationController::setError);
  connect(live_, &LiveRunner::errorOccurred, this, &SimulationController::setError);
  connect(faults_, &FaultController::errorOccurred, this, &SimulationController::setError);
  connect(live_, &LiveRunner::liveRunStarted, playback_, &PlaybackController::pause);
  connect(live_, &LiveRunner::rerunRequested, this, [this] {
    if (timeline_) session_->rerecord(false);
  });
}

SimulationController::~SimulationController() = default;

bool SimulationController::record(const scenario::Scenario& scenario, const QString& file, bool keepCursor) {
  return live_->record(scenario, file, [this, keepCursor](std::unique_ptr<RunTimeline> run) {
    adopt(std::move(run), keepCursor);
  });
}

void SimulationController::adopt(std::unique_ptr<RunTimeline> timeline, bool keepCursor) {
  timeline_ = std::move(timeline);
  playback_->setRun(timeline_.get(), keepCursor);
  setError({});
  std::array<bool, static_cast<size_t>(sim::TraceKind::RedisInstance) + 1> present{};
  for (const StoredEvent& event : timeline_->trace().events()) present[static_cast<size_t>(event.kind)] = true;
  kindChoices_ = QStringList{QStringLiteral("all kinds")};
  for (size_t kind = 0; kind < present.size(); ++kind) {
    if (present[kind]) kindChoices_ << QLatin1String(sim::traceKindName(static_cast<sim::TraceKind>(kind)));
  }
  events_->reset(timeline_.get());
  clients_->reset(timeline_.get());
  recipeLines_->reset(timeline_.get());
  emit scenarioChanged();
  playback_->enterRun();
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

QString SimulationController::title() const {
  return timeline_ ? QString::fromStdString(timeline_->scenario().title) : QString();
}
QString SimulationController::summary() const {
  return timeline_ ? QString::fromStdString(timeline_->scenario().summary) : QString();
}
QString SimulationController::recipe() const {
  return timeline_ ? QString::fromStdString(timeline_->scenario().recipe) : QString();
}
QStringList SimulationController::recipeNames() const {
  QStringList names;
  const auto* current = timeline_ ? recipes::findRecipe(timeline_->scenario().recipe) : nullptr;
  for (const auto& recipe : recipes::recipeCatalog()) {
    if (current && recipe.backend != current->backend) continue;
    names << QString::fromUtf8(recipe.name.data(), static_cast<qsizetype>(recipe.name.size()));
  }
  return names;
}
QString SimulationController::seed() const {
  return timeline_ ? QString::number(timeline_->scenario().seed) : QString();
}
int SimulationController::clientCount() const {
  return timeline_ ? static_cast<int>(timeline_->cast().size()) : 0;
}
QStringList SimulationController::clientNames() const {
  QStringList names;
  if (timeline_) {
    for (const auto& name : timeline_->cast().names()) names << QString::fromStdString(name);
  }
  return names;
}
QString SimulationController::latencyMs() const {
  if (!timeline_) return {};
  const auto& latency = timeline_->scenario().latency;
  const auto low = static_cast<double>(latency.low) / 1000.0, high = static_cast<double>(latency.high) / 1000.0;
  return low == high ? QString::number(low) : QStringLiteral("%1, %2").arg(low).arg(high);
}

}  // namespace lockscope::gui
