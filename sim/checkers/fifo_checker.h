// FIFO fairness of a fair recipe: the lock is granted in the order of the lock nodes' sequence
// numbers. A grant (an `acquired` that starts a hold; nested acquisitions are ignored) to a node
// is a violation while a lower-sequence node under the same parent still exists and belongs to a
// live waiter: a client that is acquiring and has not yet acquired, timed out, failed, crashed,
// finished or lost its session. Readers may pass readers: a read grant only skips write and
// exclusive waiters. The violation names the grantee and the earliest waiter it jumped.
//
// Nodes are the waiter's from the server's `node_created` (an ephemeral's owner session) or from
// the client's successful `create` reply (the created path); a node stops counting when it is
// deleted. Only nodes whose names end in ten digits (sequential nodes) take part.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "client_names.h"
#include "lock_holders.h"
#include "run_verdict.h"
#include "session_directory.h"

namespace lockscope::checkers {

class FifoChecker {
 public:
  FifoChecker(const SessionDirectory& sessions, const ClientNames& names)
      : sessions_(sessions), names_(names) {}

  // `change` is what the same event did to the holders.
  void onEvent(const sim::TraceEvent& event, ClientId actor, const HoldChange& change);
  void finish(std::vector<Violation>& out) const {
    out.insert(out.end(), found_.begin(), found_.end());
  }

 private:
  struct Waiter {
    bool waiting = false;
    HoldMode mode = HoldMode::Exclusive;
    sim::Micros since = 0;
    std::vector<std::string> nodes;  // may name nodes already deleted
  };
  struct Node {
    ClientId client = kNoClient;
    std::string parent;
    int64_t sequence = 0;
  };

  void checkGrant(const sim::TraceEvent& acquired, ClientId grantee);
  void addNode(ClientId client, std::string_view path);
  void removeNode(std::string_view path);
  void stopWaiting(ClientId client);

  const SessionDirectory& sessions_;
  const ClientNames& names_;
  PerClient<Waiter> waiters_;
  StringLookup<Node> nodes_;                                   // live waiters' nodes by path
  PathMap<std::set<std::pair<int64_t, std::string>>> queues_;  // by parent: (sequence, path)
  std::vector<Violation> found_;
};

}  // namespace lockscope::checkers
