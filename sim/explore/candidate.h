// One schedule the explorer tries: the lesson with another seed, its first N clients, and faults
// added at exact virtual times. A candidate is all a run needs besides the lesson, so a found one
// is replayed, shrunk and written out as a lesson without losing anything.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/scenario/scenario.h"

namespace lockscope::explore {

struct AddedFault {
  scenario::Fault fault;  // at: from the clients' start, in whole milliseconds
  // Pause and partition: how long until the resume or heal (they always end, so that a client
  // is never left stuck by the explorer itself). 0 for the others.
  sim::Micros duration = 0;
};

struct Candidate {
  uint64_t seed = 0;
  size_t clients = 0;  // the lesson's first `clients`
  std::vector<AddedFault> faults;
};

// Whether a fault kind lasts (pause, partition): it then has a duration and an end.
bool lasts(sim::FaultKind kind);

// The lesson as `candidate` changes it: its seed, its first clients, its own faults plus the
// added ones (in order of time). Narration and expectations are dropped: the explorer judges a
// run by the checkers' violations alone.
scenario::Scenario applyCandidate(const scenario::Scenario& lesson, const Candidate& candidate);

// "pause c1 at 35 ms for 4000 ms", "lose_reply c2 at 12 ms (not applied)".
std::string describe(const AddedFault& added);

// How many clients the lesson's own faults name: a candidate keeps at least these.
size_t clientsTheLessonNeeds(const scenario::Scenario& lesson);

}  // namespace lockscope::explore
