#include "narration_tracker.h"

#include <algorithm>

namespace lockscope::run {
namespace {

// The state word an event reports for its actor, in the vocabulary of narration triggers (the
// ops' wire names: `on: {client: c1, event: crashed}`).
std::string_view stateOf(const sim::TraceEvent& event) {
  switch (event.kind) {
    case sim::TraceKind::Lock:
    case sim::TraceKind::Process: return sim::name(event.op);
    case sim::TraceKind::SessionState:
      return event.op == sim::SessionOp::Expired && event.actor != "server" ? sim::name(event.op)
                                                                            : std::string_view{};
    // A database's moments: a statement starts to wait for a lock, a deadlock's victim, a session
    // the server ended.
    case sim::TraceKind::RowLock:
      return event.op == sim::RowLockOp::Waiting || event.op == sim::RowLockOp::Victim
                 ? sim::name(event.op)
                 : std::string_view{};
    case sim::TraceKind::Transaction:
      return event.op == sim::TransactionOp::SessionEnded ? sim::name(event.op)
                                                          : std::string_view{};
    default: return {};
  }
}

}  // namespace

NarrationTracker::NarrationTracker(const std::vector<scenario::NarrationStep>& steps,
                                   sim::Micros origin)
    : steps_(steps), origin_(origin), firedAt_(steps.size()) {}

void NarrationTracker::onEvent(const sim::TraceEvent& event) {
  const std::string_view state = stateOf(event);
  if (state.empty()) return;
  for (size_t i = 0; i < steps_.size(); ++i) {
    const scenario::NarrationStep& step = steps_[i];
    if (firedAt_[i] || step.at) continue;
    if (step.onEvent == state && (step.onClient == "any" || step.onClient == event.actor)) {
      firedAt_[i] = event.time;
    }
  }
}

std::vector<NarrationMoment> NarrationTracker::moments() const {
  std::vector<NarrationMoment> moments;
  for (size_t i = 0; i < steps_.size(); ++i) {
    const scenario::NarrationStep& step = steps_[i];
    if (step.at) moments.push_back({origin_ + *step.at, step.text, step.pause, i, step.question});
    else if (firedAt_[i])
      moments.push_back({*firedAt_[i], step.text, step.pause, i, step.question});
  }
  std::stable_sort(
      moments.begin(), moments.end(),
      [](const NarrationMoment& a, const NarrationMoment& b) { return a.time < b.time; });
  return moments;
}

}  // namespace lockscope::run
