// Mutual exclusion: at any virtual time one holder in exclusive or write mode, or any number of
// readers and no writer. An overlap is reported once, as the interval during which the same
// clients held together; when the set of holders changes during an overlap, the overlap so far is
// closed and a new one (with the new set) opens. An overlap that ends and begins again at the same
// instant with the same clients is one overlap.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "lock_holders.h"
#include "run_verdict.h"

namespace lockscope::checkers {

class MutualExclusionChecker {
 public:
  // Call after every hold change, with the holders as they are after it.
  void onChange(const LockHolders& holders, const ClientNames& names, sim::Micros time);
  // Violations in order; an overlap still going at the end of the run has until = 0.
  void finish(std::vector<Violation>& out) const;

 private:
  struct Overlap {
    std::vector<std::string> clients;
    sim::Micros since = 0;
    std::string detail;
  };

  void close(sim::Micros time);

  std::optional<Overlap> open_;
  std::vector<Violation> closed_;
};

}  // namespace lockscope::checkers
