#include "run_timeline.h"

#include <algorithm>

#include "narration_check.h"

namespace lockscope::gui {

std::unique_ptr<RunTimeline> RunTimeline::record(const scenario::Scenario& scenario,
                                                 run::RunOptions options) {
  std::unique_ptr<RunTimeline> timeline(new RunTimeline(scenario));
  options.sinks.push_back(&timeline->trace_);
  timeline->report_ = run::runScenario(timeline->scenario_, options);
  timeline->derive();
  // What the narration says is on screen is judged like an expectation; a live run's timing is
  // the servers', not the lesson's, so only the model is held to it.
  if (timeline->report_.backend == "model") {
    for (std::string& line : falseNarrationClaims(*timeline)) {
      timeline->report_.unmetExpectations.push_back(std::move(line));
    }
  }
  return timeline;
}

std::unique_ptr<RunTimeline> RunTimeline::fromTrace(const scenario::Scenario& scenario,
                                                    const RecordedTrace& trace,
                                                    sim::Micros virtualTime) {
  std::unique_ptr<RunTimeline> timeline(new RunTimeline(scenario));
  timeline->trace_ = trace;
  run::RunReport& report = timeline->report_;
  report.scenario = scenario.file;
  report.title = scenario.title;
  report.seed = scenario.seed;
  report.backend = "model";
  report.clients = scenario.clients.size();
  report.events = trace.size();
  report.virtualTime = virtualTime;
  // Narration at fixed times is shown as a recorded run shows it (never a pause: nothing waits).
  for (size_t step = 0; step < scenario.narration.size(); ++step) {
    const scenario::NarrationStep& said = scenario.narration[step];
    if (said.at) report.narration.push_back({.time = *said.at, .text = said.text, .step = step});
  }
  timeline->derive();
  return timeline;
}

void RunTimeline::derive() {
  std::vector<std::string> names;
  for (const auto& client : scenario_.clients) names.push_back(client.name);
  endTime_ = trace_.size() ? trace_.events().back().time : 0;
  for (const run::NarrationMoment& moment : report_.narration) {
    if (moment.time <= report_.virtualTime) endTime_ = std::max(endTime_, moment.time);
  }
  cast_ = RunCast(names, trace_);
  flights_ = FlightTable(trace_, cast_);
  holdHistory_ = holdHistoryOf(trace_, cast_, endTime_);
  resources_ = ResourceHistory(trace_, cast_);
  // The run plays on until its last write has landed on the resource's card.
  if (!resources_.empty()) endTime_ = std::max(endTime_, resources_.all().back().flightEnd());
  lens_ = TimeLens(trace_, flights_, report_.origin, endTime_);
  deriveCountdowns();

  counts_.reserve(trace_.size());
  RunningCounts counts;
  for (const StoredEvent& event : trace_.events()) {
    // An op's enum names its kind: a LockOp is on Lock events only.
    if (event.kind == sim::TraceKind::Request) ++counts.requests;
    if (event.kind == sim::TraceKind::WatchDelivered) ++counts.notifications;
    if (event.op == sim::LockOp::Acquired) ++counts.acquisitions;
    if (event.op == sim::LockOp::Released) ++counts.releases;
    counts_.push_back(counts);
  }

  // Enough snapshots that a seek folds at most a few hundred events, few enough to stay small.
  // A snapshot holds every client's state (a few hundred bytes each, with its node and watches):
  // together they hold at most kSnapshotClientStates of them. Ten clients keep one every 256
  // events; 20,000 clients keep 16 (a seek then folds tens of thousands of events, milliseconds)
  // where one every 256 events took 15 GB.
  constexpr size_t kSnapshotClientStates = 250'000;
  const size_t snapshotCount = std::clamp<size_t>(
      kSnapshotClientStates / std::max<size_t>(1, cast_.size()), 16, 4000);
  snapshotEvery_ = std::max<size_t>(256, (trace_.size() + snapshotCount - 1) / snapshotCount);
  StageState state(cast_.size());
  snapshots_.push_back(state);
  for (size_t index = 0; index < trace_.size(); ++index) {
    state.apply(trace_[index], trace_, cast_);
    if ((index + 1) % snapshotEvery_ == 0) snapshots_.push_back(state);
  }
}

void RunTimeline::deriveCountdowns() {
  std::vector<int> open(cast_.size(), -1);
  auto speak = [&](int client, sim::Micros time, bool expired) {
    int& index = open[static_cast<size_t>(client)];
    if (index < 0) return;
    countdowns_[static_cast<size_t>(index)].until = time;
    countdowns_[static_cast<size_t>(index)].expires = expired;
    index = -1;
  };
  for (const StoredEvent& event : trace_.events()) {
    const sim::TraceOp op = event.op;
    if (op == sim::SessionOp::Expired && trace_.text(event.actor) == "server") {
      const int client = cast_.clientOfSession(event.session);
      if (client != kNoClient) speak(client, event.time, true);
      continue;
    }
    const int client = cast_.clientOfActor(event.actor);
    if (client == kNoClient || event.kind != sim::TraceKind::Fault) continue;
    using sim::FaultKind;
    if (op == FaultKind::Crash || op == FaultKind::Pause || op == FaultKind::Partition) {
      if (open[static_cast<size_t>(client)] < 0) {
        open[static_cast<size_t>(client)] = static_cast<int>(countdowns_.size());
        countdowns_.push_back({client, event.time, endTime(), false});
      }
    } else if (op == FaultKind::Resume || op == FaultKind::Heal || op == FaultKind::Restart) {
      speak(client, event.time, false);
    }
  }
}

StageState RunTimeline::stageAfter(size_t eventCount) const {
  eventCount = std::min(eventCount, trace_.size());
  const size_t snapshot = eventCount / snapshotEvery_;
  StageState state = snapshots_[std::min(snapshot, snapshots_.size() - 1)];
  for (size_t index = state.applied(); index < eventCount; ++index) {
    state.apply(trace_[index], trace_, cast_);
  }
  return state;
}

RunningCounts RunTimeline::countsAfter(size_t eventCount) const {
  if (eventCount == 0 || counts_.empty()) return {};
  return counts_[std::min(eventCount, counts_.size()) - 1];
}

namespace {

const SessionCountdown* findCountdown(const std::vector<SessionCountdown>& all, int client,
                                      sim::Micros time) {
  for (const SessionCountdown& countdown : all) {
    if (countdown.client == client && countdown.since <= time && time < countdown.until) {
      return &countdown;
    }
  }
  return nullptr;
}

}  // namespace

bool RunTimeline::silent(int client, sim::Micros time) const {
  return findCountdown(countdowns_, client, time) != nullptr;
}

double RunTimeline::sessionLeft(int client, sim::Micros time) const {
  const SessionCountdown* countdown = findCountdown(countdowns_, client, time);
  if (!countdown) return 1.0;
  const double elapsed = static_cast<double>(time - countdown->since);
  if (countdown->expires) {
    return 1.0 - elapsed / static_cast<double>(countdown->until - countdown->since);
  }
  const double timeout = static_cast<double>(
      sim::fromMillis(scenario_.clients[static_cast<size_t>(client)].sessionTimeoutMs));
  return std::clamp(1.0 - elapsed / timeout, 0.0, 1.0);
}

sim::Micros RunTimeline::sessionLeftMicros(int client, sim::Micros time) const {
  const SessionCountdown* countdown = findCountdown(countdowns_, client, time);
  if (!countdown) return -1;
  if (countdown->expires) return std::max<sim::Micros>(0, countdown->until - time);
  const sim::Micros timeout = sim::fromMillis(
      scenario_.clients[static_cast<size_t>(client)].sessionTimeoutMs);
  return std::clamp<sim::Micros>(timeout - (time - countdown->since), 0, timeout);
}

}  // namespace lockscope::gui
