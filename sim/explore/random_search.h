// `explore --mode random`: runs the lesson again and again with a seed and faults drawn from the
// explorer's own seed (times anywhere in the lesson's span, pauses and partitions lasting a
// fraction or a multiple of the lesson's lease), and stops at the first run that shows a hunted
// violation. Run 0 is the lesson itself, untouched. The same lesson, options and explorer seed
// give the same runs in the same order on any machine; a time limit only cuts the list short.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "candidate.h"
#include "fault_budget.h"
#include "hunted_violation.h"

namespace lockscope::explore {

struct RandomSearchOptions {
  FaultBudget budget;
  Hunt hunt;
  uint64_t runs = 1000;
  uint64_t exploreSeed = 1;
  double timeLimitSeconds = 0;  // 0: none
  // Asked before each run with the runs made so far; false stops the search (the GUI's cancel,
  // and its progress). Empty: always go on.
  std::function<bool(uint64_t runs)> keepGoing;
};

struct Found {
  Candidate candidate;
  checkers::Violation violation;  // the first hunted one
  uint64_t run = 0;               // which run found it (0: the lesson as written)
};

struct SearchResult {
  std::optional<Found> found;
  uint64_t runs = 0;        // runs made
  sim::Micros horizon = 0;  // the lesson's own span, where faults were placed
  bool timedOut = false;
  bool cancelled = false;  // keepGoing said stop
};

// The lesson as written: its seed, all its clients, no added faults.
Candidate lessonAsWritten(const scenario::Scenario& lesson);

// The lease a pause or partition is measured against: ZooKeeper's session timeout, a Redis or
// database recipe's ttl_ms.
sim::Micros leaseOf(const scenario::Scenario& lesson);

// The durations a pause or partition is given, and the steps a clock jumps by: half, one, one
// and a half, two and three times `lease` (whole milliseconds, at least one).
std::vector<sim::Micros> faultDurations(sim::Micros lease);

SearchResult randomSearch(const scenario::Scenario& lesson, const RandomSearchOptions& options,
                          const ScenarioRunner& runner);

// Runs one candidate of a search; `run` counts from 0, the lesson as written.
using CandidateRun = std::function<run::RunReport(uint64_t run, const scenario::Scenario& applied)>;

// The loop random and pct modes share: the lesson as written, then candidates drawn from the
// explorer's seed as randomSearch draws them, each run by `runOne`, until the first hunted
// violation, the run count or the time limit.
SearchResult searchDrawnCandidates(const scenario::Scenario& lesson,
                                   const RandomSearchOptions& options, const CandidateRun& runOne);

}  // namespace lockscope::explore
