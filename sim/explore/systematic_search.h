// `explore --mode bfs` and `--mode dfs`: a systematic search over a discretised decision tree.
// A node is a set of deviations from the default run of the lesson (its seed, every latency
// fast, every tie first, no reconnect delay; sim/engine/schedule_chooser.h): added faults from
// the budget (a fault menu: each kind at each distinct whole millisecond the default run's trace
// shows, on each target, with the random mode's durations) and schedule deviations (a branching
// decision of the run taking its option 1). Each counts as one deviation; `depth` bounds them.
//
// Every node is generated once: a node's children add a fault after its last fault (in menu
// order) while it has no schedule deviation yet, or a schedule deviation after its last one, at
// one of the branching decisions its own run made. Breadth-first visits nodes by number of
// deviations, so the first violation it meets has the fewest; depth-first walks the same tree.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "candidate.h"
#include "fault_budget.h"
#include "hunted_violation.h"
#include "sim/engine/schedule_chooser.h"
#include "sim/trace/trace.h"

namespace lockscope::explore {

using ChooserFactory = std::function<std::unique_ptr<sim::Chooser>(uint64_t seed)>;
// Runs a scenario with the given chooser, `sink` (may be null) seeing every trace event
// (backends::scheduledModelRunner, which sim/ cannot name).
using ScheduledRunner = std::function<run::RunReport(const scenario::Scenario&,
                                                     const ChooserFactory&, sim::TraceSink* sink)>;

enum class SearchOrder { BreadthFirst, DepthFirst };

struct SystematicOptions {
  SearchOrder order = SearchOrder::BreadthFirst;
  FaultBudget budget;
  Hunt hunt;
  int depth = 2;                // deviations at most (faults and schedule deviations together)
  double timeLimitSeconds = 0;  // 0: none
  std::function<bool(uint64_t runs)> keepGoing;  // false stops the search; empty: go on
};

struct SystematicFound {
  Candidate candidate;             // the lesson's seed and clients, the added faults
  std::vector<uint32_t> schedule;  // the schedule deviations (branching-decision indices)
  checkers::Violation violation;
  run::RunReport report;
  uint64_t run = 0;  // which run found it (0: the default run)
  int deviations() const { return static_cast<int>(candidate.faults.size() + schedule.size()); }
};

struct SystematicResult {
  std::optional<SystematicFound> found;
  uint64_t runs = 0;              // nodes run (transitions of the tree)
  uint64_t distinctTraces = 0;    // distinct trace hashes among them
  size_t faultChoices = 0;        // entries of the fault menu
  uint32_t defaultDecisions = 0;  // branching decisions of the default run
  bool timedOut = false;
  bool cancelled = false;
  bool exhausted = false;  // every node within the depth was run
};

// The faults a node may add: every kind of the budget at each of `times` (from the clients'
// start), on each target, each duration (random_search.h's faultDurations) for those that last,
// applied or not for a lost reply, each way for a clock jump. In order of time, then target.
std::vector<AddedFault> faultMenu(const scenario::Scenario& lesson, const FaultBudget& budget,
                                  const std::vector<sim::Micros>& times);

SystematicResult systematicSearch(const scenario::Scenario& lesson,
                                  const SystematicOptions& options, const ScheduledRunner& runner);

// A chooser factory following `schedule` (ScheduleChooser), recording into `record` if given.
ChooserFactory scheduleFactory(std::vector<uint32_t> schedule,
                               std::vector<sim::BranchingDecision>* record = nullptr);

}  // namespace lockscope::explore
