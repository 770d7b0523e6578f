// Who holds the lock, from the trace alone. A client holds from its `acquired` until it starts
// releasing (`releasing`; a `released` with no `releasing` before it ends the hold too), until
// its process crashes, or until it is `done`. Nested acquisitions count: the client holds while
// its count is above zero, in the strongest mode it still holds. Losing the session ends nothing:
// a paused client whose session expired still believes it holds, which is the point.
//
// Why `releasing` and not `released`: the delete that frees the lock reaches the server before
// the holder hears back, so the next holder is often granted before the old one logs `released`.
// The old holder left its critical section when it started releasing, so that is where it ends.
#pragma once

#include <cstddef>
#include <vector>

#include "client_names.h"
#include "trace_facts.h"

namespace lockscope::checkers {

// What one event did to the holders.
struct HoldChange {
  enum class Kind : uint8_t {
    None,
    Started,  // the client went from holding nothing to holding
    Ended,    // the client holds nothing any more
    Nested,   // a holder acquired again, or let go of one of several holds
  };
  Kind kind = Kind::None;
  bool byCrash = false;  // Ended because the process crashed
  ClientId client = kNoClient;
};

class LockHolders {
 public:
  HoldChange onEvent(const sim::TraceEvent& event, ClientId actor);

  size_t holderCount() const { return holding_.size(); }
  // Two holders at once where one of them excludes the others.
  bool conflict() const { return writers_ > 0 && holding_.size() >= 2; }
  bool holds(ClientId client) const;
  // A holder's strongest mode (Read only when every hold it has is a read hold).
  HoldMode modeOf(ClientId client) const;
  // The holders, in no particular order.
  const std::vector<ClientId>& holding() const { return holding_; }
  // When the holders last changed (a hold started or ended); 0 before any.
  sim::Micros lastChangeAt() const { return lastChangeAt_; }

 private:
  struct Holder {
    std::vector<HoldMode> holds;  // in acquisition order
    size_t excluding = 0;         // holds in exclusive or write mode
    int awaitingReleased = 0;     // `releasing` seen, `released` not yet
  };

  HoldChange acquire(ClientId client, HoldMode mode);
  HoldChange letGo(ClientId client, HoldMode mode);
  HoldChange drop(ClientId client, bool byCrash);
  HoldChange ended(ClientId client, bool byCrash);
  void setExcluding(Holder& holder, size_t excluding);

  PerClient<Holder> holders_;
  std::vector<ClientId> holding_;
  size_t writers_ = 0;  // holders with at least one excluding hold
  sim::Micros lastChangeAt_ = 0;
};

}  // namespace lockscope::checkers
