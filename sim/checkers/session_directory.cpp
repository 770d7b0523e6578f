#include "session_directory.h"

#include "trace_facts.h"

namespace lockscope::checkers {

void SessionDirectory::onEvent(const sim::TraceEvent& event, ClientId actor, ClientNames& names) {
  if (event.kind != sim::TraceKind::SessionState || event.session == 0) return;
  if (isServer(event) && event.op == sim::SessionOp::Created && !event.value.empty()) {
    clients_[event.session] = names.intern(event.value);
  } else if (!isServer(event) && event.op == sim::SessionOp::Connected) {
    clients_.try_emplace(event.session, actor);
  }
}

ClientId SessionDirectory::clientOf(int64_t session) const {
  const auto it = clients_.find(session);
  return it == clients_.end() ? kNoClient : it->second;
}

}  // namespace lockscope::checkers
