// Shrinks a found counterexample to one a student can follow: fewer faults, the lesson's own
// seed, fewer clients, faults aimed at the first clients, as early and as short as they can be,
// each step kept only when the run still shows a violation of the same kind; repeated until
// nothing changes. Greedy (delta debugging's one-at-a-time, binary search on times), so the result
// is a local minimum, not always the global one.
#pragma once

#include <cstdint>

#include "candidate.h"
#include "hunted_violation.h"
#include "random_search.h"

namespace lockscope::explore {

struct Shrunk {
  Candidate candidate;
  checkers::Violation violation;  // the first of the hunted kind in the shrunk run
  uint64_t runs = 0;              // runs the shrinking made
};

struct ShrinkOptions {
  bool keepSeed = false;  // a sweep's counterexample stays its seed's
};

Shrunk shrink(const scenario::Scenario& lesson, const Found& found, const ScenarioRunner& runner,
              ShrinkOptions options = {});

}  // namespace lockscope::explore
