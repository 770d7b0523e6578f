// A loopback TCP proxy between one client session and the ZooKeeper servers, through which the
// live faults act on the wire, so the server sees what it would see in production:
//
//   freeze()   nothing moves either way (a paused process, a partition): the server hears no
//              heartbeats and expires the session after its timeout; bytes wait in the kernel
//              and flow again after thaw(), as after a healed partition.
//   kill()     every connection is closed and new ones are refused (a crashed process: its OS
//              closes the sockets, it never sends closeSession; the session expires later).
//   loseNextReply(applied)
//              the client's next request (not a ping) reaches the server and its reply is
//              dropped (applied), or the request itself is dropped (not applied); either way the
//              connection is then closed, and the client's library reconnects as it would.
//
// It reads ZooKeeper's framing (4-byte big-endian length, then xid) to find requests and replies.
// One thread runs it; every call here is thread-safe and returns at once.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sim/engine/status.h"

namespace lockscope::live {

class FaultProxy {
 public:
  // One listening port on 127.0.0.1 per server in `servers` ("host:port,host:port"); a failure
  // (one line, the system's reason) if the list is bad or a socket cannot be opened.
  static Result<std::unique_ptr<FaultProxy>> open(const std::string& servers);
  ~FaultProxy();
  FaultProxy(const FaultProxy&) = delete;
  FaultProxy& operator=(const FaultProxy&) = delete;

  // "127.0.0.1:p1,127.0.0.1:p2": what the client connects to instead of the servers.
  std::string connectString() const;

  void freeze();
  void thaw();
  void kill();
  void loseNextReply(bool applied);

 private:
  struct State;
  explicit FaultProxy(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace lockscope::live
