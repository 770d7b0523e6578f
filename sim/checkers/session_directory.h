// Which client a ZooKeeper session belongs to, learnt from the trace: the server's `created`
// event carries the client's name in `value`, and a client's own `connected` event names it as
// the actor. Sessions are few (one per client, plus one per expiry), so they are all kept.
#pragma once

#include <cstdint>
#include <map>

#include "client_names.h"
#include "sim/trace/trace_event.h"

namespace lockscope::checkers {

class SessionDirectory {
 public:
  void onEvent(const sim::TraceEvent& event, ClientId actor, ClientNames& names);
  // kNoClient for an unknown session.
  ClientId clientOf(int64_t session) const;

 private:
  std::map<int64_t, ClientId> clients_;
};

}  // namespace lockscope::checkers
