// Which faults the explorer may add to a run, and how many: `--faults crash=1,pause=1` (at most one
// of each) with `--max-faults` bounding their sum. Only faults the scenario's service model applies
// are explorable; by default every fault of a client's process or network that it applies, plus a
// Redis instance's faults when a lock spans more than one instance (with one, killing it only
// stops everyone, which no recipe can help).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "sim/engine/status.h"
#include "sim/scenario/scenario.h"
#include "sim/trace/fault_kinds.h"

namespace lockscope::explore {

struct FaultBudget {
  std::map<sim::FaultKind, int> perKind;  // only kinds with a budget above 0
  int total = 1;                          // at most this many in one run

  // "crash=1,pause=1 (at most 1 in a run)"
  std::string describe() const;
};

// The fault kinds the explorer can place in this scenario's model, in the table's order.
std::vector<sim::FaultKind> explorableKinds(const scenario::Scenario& scenario);

FaultBudget defaultFaultBudget(const scenario::Scenario& scenario);

// "crash=1,pause=2": each kind named once, known, explorable here, with a count from 0 to 100.
// `total` is kept as given.
Result<FaultBudget> parseFaultBudget(std::string_view text, const scenario::Scenario& scenario,
                                     int total);

}  // namespace lockscope::explore
