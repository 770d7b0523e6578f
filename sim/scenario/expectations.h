// Judges a run's verdict against the scenario's `expect:` block.
#pragma once

#include <string>
#include <vector>

#include "scenario.h"
#include "sim/checkers/run_verdict.h"

namespace lockscope::scenario {

// One line per expectation that did not hold: "herd.yaml:30:3: expected acquisitions >= 10, got 7".
std::vector<std::string> unmetExpectations(const Scenario& scenario,
                                           const checkers::RunVerdict& verdict);

}  // namespace lockscope::scenario
