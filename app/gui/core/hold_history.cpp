#include "hold_history.h"

#include <optional>

#include "sim/checkers/lock_handoffs.h"
#include "sim/checkers/lock_holders.h"

namespace lockscope::gui {

HoldHistory holdHistoryOf(const RecordedTrace& trace, const RunCast& cast, sim::Micros endTime) {
  using Kind = checkers::HoldChange::Kind;
  HoldHistory history;
  checkers::LockHolders holders;
  checkers::LockHandoffs handoffs;
  std::vector<size_t> openHold(cast.size(), 0);  // index into history.holds while one is open
  ReleaseFigures* counting = nullptr;            // the release whose cost is being counted
  auto stopCounting = [&](sim::Micros time) {
    if (counting) counting->until = time;
    counting = nullptr;
  };
  for (const StoredEvent& event : trace.events()) {
    if (counting && event.kind == sim::TraceKind::WatchDelivered) ++counting->notifications;
    if (counting && event.kind == sim::TraceKind::Request) ++counting->requests;
    // Only lock and process events change the holders (lock_holders.h).
    if (event.kind != sim::TraceKind::Lock && event.kind != sim::TraceKind::Process) continue;
    const int client = cast.clientOfActor(event.actor);
    if (client == kNoClient) continue;
    const checkers::HoldChange change = holders.onEvent(trace.view(event),
                                                        static_cast<checkers::ClientId>(client));
    const std::optional<sim::Micros> handoff = handoffs.onChange(change, holders, event.time);
    size_t& open = openHold[static_cast<size_t>(client)];
    switch (change.kind) {
      case Kind::Started:
        open = history.holds.size();
        history.holds.push_back({client, event.time, endTime});
        // A handoff ends the release that freed the lock: the latest, as nobody held it since.
        if (counting && handoff) counting->handoff = *handoff;
        stopCounting(event.time);
        break;
      case Kind::Nested:
        if (event.op == sim::LockOp::Acquired) ++history.holds[open].acquisitions;
        break;
      case Kind::Ended:
        history.holds[open].end = event.time;
        if (change.byCrash)
          break;  // a crash gives nothing up: what follows is a recovery, no handoff
        stopCounting(event.time);
        history.releases.push_back({event.time});
        counting = &history.releases.back();
        break;
      case Kind::None: break;
    }
  }
  return history;
}

}  // namespace lockscope::gui
