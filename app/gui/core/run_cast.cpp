#include "run_cast.h"

#include <algorithm>

namespace lockscope::gui {

RunCast::RunCast(const std::vector<std::string>& clientNames, const RecordedTrace& trace)
    : names_(clientNames), clientOfText_(trace.textCount(), kNoClient) {
  for (size_t client = 0; client < names_.size(); ++client) {
    const TextId id = trace.find(names_[client]);
    if (id != 0) clientOfText_[id] = static_cast<int>(client);
  }
  for (const StoredEvent& event : trace.events()) {
    if (event.kind != sim::TraceKind::SessionState || event.session == 0) continue;
    // The server's `created` names the client in `value`; a client's own events name it as actor.
    int client = clientOfActor(event.actor);
    if (client == kNoClient && event.op == sim::SessionOp::Created)
      client = clientOfActor(event.value);
    if (client != kNoClient) clientOfSession_.emplace(event.session, client);
  }
}

int RunCast::clientOfActor(TextId actor) const {
  return actor < clientOfText_.size() ? clientOfText_[actor] : kNoClient;
}

int RunCast::clientOfName(const std::string& name) const {
  const auto found = std::find(names_.begin(), names_.end(), name);
  return found == names_.end() ? kNoClient : static_cast<int>(found - names_.begin());
}

int RunCast::clientOfSession(int64_t session) const {
  const auto found = clientOfSession_.find(session);
  return found == clientOfSession_.end() ? kNoClient : found->second;
}

}  // namespace lockscope::gui
