// When the lock passed from one client to another, read from the holders' changes
// (lock_holders.h): the lock became free - its last holder let go, not by crashing (a crash is
// followed by a recovery, not a handoff: run_metrics.h) - and the next hold began, by another
// client. The lock taken back by the client that freed it is no handoff. While readers still
// hold, one reader letting go frees nothing.
//
// The CLI's handoff metrics and the GUI's per-release figures both read handoffs from here, so
// the diagram and `lockscope-cli check` agree on what a handoff is and how long it took.
#pragma once

#include <optional>

#include "client_names.h"
#include "lock_holders.h"

namespace lockscope::checkers {

class LockHandoffs {
 public:
  // Call after every hold change, with the holders as they are after it. Returns how long the
  // handoff took when `change` completed one.
  std::optional<sim::Micros> onChange(const HoldChange& change, const LockHolders& holders,
                                      sim::Micros time);

 private:
  struct Release {
    ClientId client = kNoClient;
    sim::Micros time = 0;
  };
  std::optional<Release> free_;  // the lock is free since this release
};

}  // namespace lockscope::checkers
