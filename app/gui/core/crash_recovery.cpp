#include "crash_recovery.h"

#include <algorithm>

namespace lockscope::gui {
namespace {

bool heldAt(const RunTimeline& timeline, int client, sim::Micros time) {
  const auto& holds = timeline.holds();
  return std::any_of(holds.begin(), holds.end(), [client, time](const HoldInterval& hold) {
    return hold.client == client && hold.start <= time && time <= hold.end;
  });
}

}  // namespace

std::optional<CrashRecovery> crashRecoveryBy(const RunTimeline& timeline, sim::Micros now) {
  const RecordedTrace& trace = timeline.trace();
  for (const StoredEvent& event : trace.events()) {
    if (event.time > now) break;
    if (event.kind != sim::TraceKind::Process || !(event.op == sim::ProcessOp::Crashed)) continue;
    const int client = timeline.cast().clientOfActor(event.actor);
    if (client == kNoClient || !heldAt(timeline, client, event.time)) continue;
    CrashRecovery recovery{.crashedAt = event.time};
    for (const HoldInterval& hold : timeline.holds()) {
      if (hold.start > event.time && hold.start <= now) {
        recovery.nextHold = hold.start;
        break;
      }
    }
    return recovery;
  }
  return std::nullopt;
}

}  // namespace lockscope::gui
