#include "watch_ledger.h"

namespace lockscope::checkers {

void WatchLedger::onEvent(const sim::TraceEvent& event, ClientId actor) {
  armed_.onEvent(event);
  if (actor != kNoClient && event.kind == sim::TraceKind::Process &&
      event.op == sim::ProcessOp::Crashed) {
    lastCrash_[actor] = event.time;
  }
}

bool WatchLedger::orphaned(int64_t session, sim::Micros since) const {
  const ClientId client = sessions_.clientOf(session);
  if (client == kNoClient) return false;
  const std::optional<sim::Micros>* crash = lastCrash_.find(client);
  return crash != nullptr && crash->has_value() && since <= **crash;
}

size_t WatchLedger::leaked() const {
  size_t count = 0;
  armed_.forEach([&](int64_t session, std::string_view, const ArmedWatches::Watch& watch) {
    if (!orphaned(session, watch.since)) ++count;
  });
  return count;
}

void WatchLedger::finish(std::vector<Violation>& out) const {
  armed_.forEach([&](int64_t session, std::string_view path, const ArmedWatches::Watch& watch) {
    if (orphaned(session, watch.since)) return;
    const ClientId client = sessions_.clientOf(session);
    const std::string owner = client == kNoClient ? "session " + std::to_string(session)
                                                  : names_.name(client);
    std::vector<std::string> clients;
    if (client != kNoClient) clients.push_back(owner);
    out.push_back(Violation{"leaked_watch", watch.since, 0, std::move(clients),
                            std::string(sim::name(watch.kind)) + " watch on " + std::string(path) +
                                " armed by " + owner});
  });
}

}  // namespace lockscope::checkers
