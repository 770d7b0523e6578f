#include "watch_ledger.h"

namespace lockscope::checkers {

void WatchLedger::finish(std::vector<Violation>& out) const {
  armed_.forEach([&](int64_t session, std::string_view path, const ArmedWatches::Watch& watch) {
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
