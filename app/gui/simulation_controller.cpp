#include "simulation_controller.h"

#include <QFile>
#include <QRegularExpression>
#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include "client_list_model.h"
#include "event_log_model.h"
#include "core/run_so_far.h"
#include "recipe_line_model.h"
#include "sim/recipes/lock_recipe.h"
#include "sim/scenario/scenario_loader.h"
#include "sim/scenario/scenario_patch.h"

namespace lockscope::gui {
namespace {

constexpr int kFrameMs = 16;
constexpr double kMinSpeed = 0.001;  // ms-scale latencies need slower than 0.1x to be seen
constexpr double kMaxSpeed = 100.0;

QString millisText(sim::Micros micros) {
  return QString::number(static_cast<double>(micros) / 1000.0, 'f', 3) + QStringLiteral(" ms");
}

// The recipe a follower of a run under `leading` plays: `wanted` if it needs the same service
// and is not `leading` itself; else zk-chained against zk-naive (the herd lesson), or the
// service's first other recipe.
std::string counterpartRecipe(const std::string& leading, const QString& wanted) {
  const auto* leader = recipes::findRecipe(leading);
  const std::string_view backend = leader ? leader->backend : std::string_view("zookeeper");
  const auto* chosen = recipes::findRecipe(wanted.toStdString());
  if (chosen && chosen->backend == backend && chosen->name != leading) return std::string(chosen->name);
  // What each recipe teaches best against: the broken against the fixed, the fix against the
  // pitfall it avoids (never the service's first recipe for every lesson).
  static const std::map<std::string_view, std::string_view> kCounterparts = {
      {"zk-naive", "zk-chained"},           {"zk-chained", "zk-naive"},          {"zk-lost-watch", "zk-chained"},
      {"zk-lost-watch-exists", "zk-curator"}, {"zk-no-guid", "zk-curator"},       {"zk-curator", "zk-no-guid"},
      {"zk-no-recheck", "zk-chained"},      {"zk-persistent", "zk-chained"},     {"zk-ephemeral", "zk-chained"},
      {"zk-semaphore-mutex", "zk-curator"}, {"redis-setnx", "redis-lock"},       {"redis-setnx-expire", "redis-lock"},
      {"redis-lock", "redis-fenced"},       {"redis-fenced", "redis-lock"},      {"redis-unsafe-del", "redis-lock"},
      {"redis-reentrant", "redis-lock"},    {"redis-watchdog", "redis-lock"},    {"redlock", "redis-lock"}};
  const auto counterpart = kCounterparts.find(leading);
  if (counterpart != kCounterparts.end() && recipes::findRecipe(counterpart->second)) return std::string(counterpart->second);
  for (const auto& recipe : recipes::recipeCatalog()) {
    if (recipe.backend == backend && recipe.name != leading) return std::string(recipe.name);
  }
  return leading;
}

}  // namespace

SimulationController::SimulationController(QObject* parent)
    : QObject(parent),
      clients_(new ClientListModel(this)),
      events_(new EventLogModel(this)),
      recipeLines_(new RecipeLineModel(this)) {
  frameTimer_.setInterval(kFrameMs);
  connect(&frameTimer_, &QTimer::timeout, this, &SimulationController::advance);
}

SimulationController::~SimulationController() {
  // A live run in progress ends by its own deadline; its result has nowhere to go.
  if (worker_) worker_->wait();
}

bool SimulationController::load(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    setError(path + QStringLiteral(":1:1: cannot read the file: ") + file.errorString());
    return false;
  }
  const std::string text = file.readAll().toStdString();
  const auto loaded = scenario::loadScenarioText(text, path.toStdString());
  if (!loaded.scenario) {
    setError(QString::fromStdString(loaded.error));
    return false;
  }
  base_ = *loaded.scenario;
  asLoaded_ = base_;
  clicked_.clear();
  return recordAndAdopt(base_, path, text, false);
}

bool SimulationController::configure(const QString& recipe, const QString& seed, int clients,
                                     const QString& latencyMs) {
  if (!timeline_) return false;
  std::vector<scenario::Override> overrides;
  if (!recipe.isEmpty()) overrides.push_back({"recipe", recipe.toStdString()});
  if (!seed.isEmpty()) overrides.push_back({"seed", seed.toStdString()});
  if (clients > 0) overrides.push_back({"clients", std::to_string(clients)});
  // `network` holds only the latency: its whole block is replaced by a one-line flow mapping.
  // One number is a fixed latency: [2, 2].
  const QString range = latencyMs.contains(QLatin1Char(',')) ? latencyMs.trimmed()
                                                              : latencyMs.trimmed() + QStringLiteral(", ") + latencyMs.trimmed();
  const std::string latency = "[" + range.toStdString() + "]";
  if (!latencyMs.trimmed().isEmpty()) overrides.push_back({"network.latency_ms", latency});
  const auto loaded = scenario::loadScenarioText(text_, file_.toStdString(), overrides);
  if (!loaded.scenario) {
    setError(QString::fromStdString(loaded.error));
    return false;
  }
  base_ = *loaded.scenario;
  // Faults name clients; a configuration that drops a client drops its faults.
  std::erase_if(clicked_, [this](const scenario::Fault& fault) {
    return std::none_of(base_.clients.begin(), base_.clients.end(),
                        [&fault](const auto& client) { return client.name == fault.client; });
  });
  std::string text = text_;
  for (const auto& item : overrides) {
    text = item.key == "network.latency_ms" ? scenario::setTopLevelKey(text, "network", "{latency_ms: " + item.value + "}")
                                            : scenario::setTopLevelKey(text, item.key, item.value);
  }
  return recordAndAdopt(withClickedFaults(), file_, text, true);
}

bool SimulationController::adopt(std::unique_ptr<RunTimeline> timeline, const QString& file,
                                 const std::string& text, bool keepCursor) {
  const sim::Micros keepTime = time_;
  timeline_ = std::move(timeline);
  file_ = file;
  text_ = text;
  setError({});
  if (!keepCursor) {
    narrationResumedAt_ = -1;
    waitingAtNarration_ = false;
  }
  const sim::Micros time = keepCursor ? std::min(keepTime, timeline_->endTime()) : 0;
  stage_ = StageState(timeline_->cast().size());
  eventIndex_ = 0;
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
  moveTo(time, timeline_->trace().countUpTo(time));
  emit narrationChanged();
  return true;
}

scenario::Scenario SimulationController::withClickedFaults() const {
  scenario::Scenario scenario = base_;
  scenario.faults.insert(scenario.faults.end(), clicked_.begin(), clicked_.end());
  return scenario;
}

void SimulationController::rerecord(bool keepCursor) { recordAndAdopt(withClickedFaults(), file_, text_, keepCursor); }

void SimulationController::setError(const QString& error) {
  if (error_ == error) return;
  error_ = error;
  emit errorChanged();
}

void SimulationController::moveTo(sim::Micros time, size_t eventIndex) {
  if (!timeline_) return;
  eventIndex = std::min(eventIndex, timeline_->trace().size());
  if (eventIndex >= stage_.applied() && eventIndex - stage_.applied() < 4096) {
    for (size_t index = stage_.applied(); index < eventIndex; ++index) {
      stage_.apply(timeline_->trace()[index], timeline_->trace(), timeline_->cast());
    }
  } else {
    stage_ = timeline_->stageAfter(eventIndex);
  }
  const size_t previous = eventIndex_;
  time_ = time;
  eventIndex_ = eventIndex;
  clients_->refresh(stage_, time_);
  recipeLines_->refresh(stage_);
  events_->moveCursor(previous, eventIndex_);
  emit frameChanged();
  emit narrationChanged();
}

void SimulationController::seekTime(double micros) {
  if (!timeline_) return;
  const auto time = std::clamp(static_cast<sim::Micros>(micros), sim::Micros{0}, timeline_->endTime());
  waitingAtNarration_ = false;
  moveTo(time, timeline_->trace().countUpTo(time));
}

void SimulationController::seekEvent(int eventIndex) {
  if (!timeline_) return;
  const size_t count = std::clamp<size_t>(static_cast<size_t>(std::max(eventIndex, 0)), 0,
                                          timeline_->trace().size());
  const sim::Micros time = count == 0 ? 0 : timeline_->trace()[count - 1].time;
  waitingAtNarration_ = false;
  moveTo(time, count);
}

void SimulationController::stepForward() {
  setPlaying(false);
  seekEvent(static_cast<int>(eventIndex_) + 1);
}

void SimulationController::stepBack() {
  setPlaying(false);
  seekEvent(static_cast<int>(eventIndex_) - 1);
}

void SimulationController::scrub(int steps) {
  if (!timeline_) return;
  setPlaying(false);
  const sim::Micros step = std::max<sim::Micros>(1, (timeline_->endTime() - timeline_->report().origin) / 100);
  seekTime(static_cast<double>(time_ + steps * step));
}

void SimulationController::restart() {
  narrationResumedAt_ = -1;
  seekEvent(0);
}

void SimulationController::setPlaying(bool playing) {
  if (!timeline_) playing = false;
  if (playing && time_ >= timeline_->endTime()) restart();
  if (playing == playing_) return;
  playing_ = playing;
  if (playing_) {
    if (waitingAtNarration_) narrationResumedAt_ = time_;
    waitingAtNarration_ = false;
    wallClock_.start();
    frameTimer_.start();
  } else {
    frameTimer_.stop();
  }
  emit playingChanged();
  emit narrationChanged();
}

void SimulationController::setSpeed(double speed) {
  speed = std::clamp(speed, kMinSpeed, kMaxSpeed);
  if (speed == speed_) return;
  speed_ = speed;
  emit speedChanged();
}

void SimulationController::advance() {
  if (!timeline_ || leader_) return;
  const double wallMicros = static_cast<double>(wallClock_.nsecsElapsed()) / 1000.0;
  wallClock_.restart();
  sim::Micros target = time_ + std::max<sim::Micros>(1, std::llround(wallMicros * speed_));
  // Stop at a narration step that asks for a pause ("what happens next?").
  for (const auto& moment : timeline_->report().narration) {
    if (moment.pause && moment.time > time_ && moment.time <= target &&
        moment.time != narrationResumedAt_) {
      target = moment.time;
      moveTo(target, timeline_->trace().countUpTo(target));
      waitingAtNarration_ = true;
      setPlaying(false);
      emit narrationChanged();
      return;
    }
  }
  target = std::min(target, timeline_->endTime());
  moveTo(target, timeline_->trace().countUpTo(target));
  if (target >= timeline_->endTime()) setPlaying(false);
}

void SimulationController::setLeader(SimulationController* leader) {
  if (leader_ == leader) return;
  if (leader_) disconnect(leader_, nullptr, this, nullptr);
  leader_ = leader;
  if (leader_) {
    connect(leader_, &SimulationController::frameChanged, this, &SimulationController::followLeader);
    connect(leader_, &SimulationController::scenarioChanged, this, &SimulationController::followLeaderScenario);
    followLeaderScenario();
  }
  emit leaderChanged();
}

void SimulationController::setCompareRecipe(const QString& recipe) {
  if (compareRecipe_ == recipe) return;
  compareRecipe_ = recipe;
  followLeaderScenario();
  emit leaderChanged();
}

void SimulationController::followLeaderScenario() {
  if (!leader_ || !leader_->timeline_) return;
  // The leader's text is its file as configured (seed, clients, latency); only the recipe differs.
  const std::string recipe = counterpartRecipe(leader_->timeline_->scenario().recipe, compareRecipe_);
  std::string text = scenario::setTopLevelKey(leader_->text_, "recipe", recipe);
  text = scenario::setTopLevelKey(text, "seed", std::to_string(leader_->base_.seed));
  const auto loaded = scenario::loadScenarioText(text, leader_->file_.toStdString());
  if (!loaded.scenario) {
    setError(QString::fromStdString(loaded.error));
    return;
  }
  base_ = *loaded.scenario;
  asLoaded_ = leader_->asLoaded_;
  clicked_ = leader_->clicked_;
  recordAndAdopt(withClickedFaults(), leader_->file_, text, true);
  followLeader();
}

void SimulationController::followLeader() {
  if (leader_ && timeline_ && leader_->timeline_) seekTime(static_cast<double>(followerTime()));
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

int SimulationController::eventCount() const {
  return timeline_ ? static_cast<int>(timeline_->trace().size()) : 0;
}
double SimulationController::origin() const {
  return timeline_ ? static_cast<double>(timeline_->report().origin) : 0.0;
}
double SimulationController::endTime() const {
  return timeline_ ? static_cast<double>(timeline_->endTime()) : 0.0;
}

QString SimulationController::timeText() const {
  if (!timeline_) return {};
  return QStringLiteral("t = ") + millisText(time_ - timeline_->report().origin);
}

QString SimulationController::eventTimeText(int eventIndex) const {
  if (!timeline_ || eventIndex < 0 || static_cast<size_t>(eventIndex) >= timeline_->trace().size()) {
    return {};
  }
  return millisText(timeline_->trace()[static_cast<size_t>(eventIndex)].time - timeline_->report().origin);
}

namespace {

// A narration step as the panel shows it. YAML block text keeps the author's line breaks; the
// panel wraps by itself, so single breaks become spaces and only blank lines (paragraphs) stay.
QString narrationShown(const std::string& text) {
  static const QRegularExpression lineBreak(QStringLiteral("(?<!\\n)\\n(?!\\n)"));
  return QString::fromStdString(text).trimmed().replace(lineBreak, QStringLiteral(" "));
}

}  // namespace

QString SimulationController::narration() const {
  if (!timeline_) return {};
  QString text;
  for (const auto& moment : timeline_->report().narration) {
    if (moment.time <= time_) text = narrationShown(moment.text);
  }
  return text;
}

QStringList SimulationController::narrationTexts() const {
  QStringList texts;
  if (!timeline_) return texts;
  for (const auto& moment : timeline_->report().narration) texts << narrationShown(moment.text);
  return texts;
}

QVariantMap SimulationController::metrics() const {
  QVariantMap map;
  if (!timeline_) return map;
  const RunningCounts counts = timeline_->countsAfter(eventIndex_);
  map[QStringLiteral("acquisitions")] = counts.acquisitions;
  map[QStringLiteral("requests")] = counts.requests;
  map[QStringLiteral("notifications")] = counts.notifications;
  map[QStringLiteral("holders")] = stage_.holders();
  // Per release: what each release up to the cursor caused until the next grant (the chart's
  // bars), not the run's totals, which also count what clients joining the queue caused; a
  // release still going counts what it has caused so far. Releases are counted as begun, as
  // these figures count them ("releases 0" beside "notifications / release 9.0" was a release
  // whose delete had not been answered yet).
  const size_t released = releasesSoFar(*timeline_, time_);
  map[QStringLiteral("releases")] = static_cast<int>(released);
  int notified = 0, requested = 0, handoffs = 0;
  double handoffTotal = 0;
  for (size_t index = 0; index < released; ++index) {
    const ReleaseFigures release = releaseSoFar(*timeline_, index, time_, eventIndex_);
    notified += release.notifications;
    requested += release.requests;
    if (release.handoff < 0 || release.time + release.handoff > time_) continue;
    handoffTotal += static_cast<double>(release.handoff);
    ++handoffs;
  }
  map[QStringLiteral("notificationsPerRelease")] = released ? notified / static_cast<double>(released) : 0.0;
  map[QStringLiteral("requestsPerRelease")] = released ? requested / static_cast<double>(released) : 0.0;
  map[QStringLiteral("handoffMeanMs")] = handoffs ? handoffTotal / handoffs / 1000.0 : 0.0;
  map[QStringLiteral("violations")] = static_cast<int>(violationsSoFar(*timeline_, time_).size());
  return map;
}

}  // namespace lockscope::gui
