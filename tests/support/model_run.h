// A scenario run on its model, for tests: the backend comes from backends::modelBackendFor, the
// choice the CLI and the GUI make too when no live servers are given.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "backends/backend_for.h"
#include "sim/run/scenario_run.h"

namespace lockscope::testing {

inline run::RunOptions onModel(const scenario::Scenario& scenario,
                               std::vector<sim::TraceSink*> sinks = {}) {
  return {.sinks = std::move(sinks), .backend = backends::modelBackendFor(scenario)};
}

inline run::RunReport runOnModel(const scenario::Scenario& scenario,
                                 std::vector<sim::TraceSink*> sinks = {}) {
  return run::runScenario(scenario, onModel(scenario, std::move(sinks)));
}

}  // namespace lockscope::testing
