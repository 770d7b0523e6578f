// The server's handle on a model client: what it can send back over the client's connection.
// Every call carries the connection attempt it answers, so the client can ignore what was meant
// for a connection it has already given up.
#pragma once

#include <cstdint>

#include "protocol.h"

namespace lockscope::zookeeper::model {

class ClientEndpoint {
 public:
  virtual ~ClientEndpoint() = default;
  // timeoutMs is the negotiated session timeout, or 0 when the session has expired.
  virtual void onConnectReply(uint64_t attempt, int64_t session, int64_t timeoutMs) = 0;
  virtual void onReply(uint64_t attempt, const Reply& reply) = 0;
  // The answer to a ping: a reply with the ping's xid and the server's last zxid.
  virtual void onPong(uint64_t attempt, int64_t zxid) = 0;
  virtual void onWatchEvent(uint64_t attempt, const WatchedEvent& event) = 0;
  // The server closed the connection (the session expired, or a fault dropped it).
  virtual void onConnectionClosed(uint64_t attempt) = 0;
};

}  // namespace lockscope::zookeeper::model
