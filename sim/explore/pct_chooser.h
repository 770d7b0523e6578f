// PCT, probabilistic concurrency testing (Burckhardt, Kothari, Musuvathi, Nagarakatte, ASPLOS
// 2010), adapted to a timed engine. The paper's scheduler gives the n threads random distinct
// priorities d..d+n-1, always runs the highest-priority enabled thread, and at d-1 random change
// points among the first k steps drops the running thread's priority to d-i (i-th change point):
// a bug of depth d then shows with probability at least 1/(n k^(d-1)) per run.
//
// Our engine runs no threads: messages arrive after a latency the Chooser draws. So a client's
// priority decides its messages' latency: the highest priority gets the range's low, the lowest
// its high, the others evenly between, and the messages of a higher-priority client overtake the
// ones of a lower (a tie in time is broken by rank the same way). A step is one latency decision
// about a client's lane; at a change point the client whose decision it is drops below every
// other priority before this decision is made, so this very message is the one overtaken. Every
// other decision (GUIDs, the order of children, reconnect delays, whether a lost request was
// applied...) comes from a RandomChooser seeded from the same run seed, so a PCT run is a pure
// function of (lesson, run seed, d, k).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sim/engine/chooser.h"

namespace lockscope::explore {

struct PctParameters {
  int depth = 3;       // d: the bug depth searched for, >= 1
  uint64_t steps = 1;  // k: change points fall among the first k latency decisions, >= 1
};

// The paper's bound for one run: 1 / (n k^(d-1)); and for `runs` runs that all missed, the
// most the chance of missing such a bug can be: (1 - p)^runs.
double pctProbabilityPerRun(size_t clients, const PctParameters& parameters);
double pctMissBound(double probabilityPerRun, uint64_t runs);

// The client a lane belongs to: "c1" for "c1 to server" and for a Redis or database lane
// "c1->redis-1 to server" (a client's connections share its priority).
std::string_view clientOfSubject(std::string_view subject);

class PctChooser final : public sim::Chooser {
 public:
  // `clients`: the run's client names (priorities are the clients'); the lanes of a client not
  // named here are drawn like any other decision.
  PctChooser(uint64_t seed, std::vector<std::string> clients, PctParameters parameters);

  uint64_t choose(uint64_t count, std::string_view why) override;
  uint64_t chooseFor(uint64_t count, std::string_view why, std::string_view subject) override;

  // A client's priority now (higher goes first); for tests and logs.
  int64_t priorityOf(std::string_view client) const;
  // The latency decisions (1-based) at which change point 1, 2, ... falls.
  const std::vector<uint64_t>& changePoints() const { return changePoints_; }
  uint64_t latencyDecisions() const { return latencyDecisions_; }

 private:
  size_t indexOf(std::string_view client) const;  // clients_.size() when not a client
  // An index in [0, count) by the client's rank: 0 for the highest priority, count-1 for the
  // lowest.
  uint64_t byRank(size_t client, uint64_t count) const;

  std::vector<std::string> clients_;
  std::vector<int64_t> priorities_;
  std::vector<uint64_t> changePoints_;
  int depth_;
  uint64_t latencyDecisions_ = 0;
  sim::RandomChooser others_;
};

}  // namespace lockscope::explore
