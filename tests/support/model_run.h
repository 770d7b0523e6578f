// A scenario run on its model, for tests: the backend comes from backends::backendFor with no
// live servers, the one choice the CLI and the GUI make too.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "backends/backend_for.h"
#include "sim/run/scenario_run.h"

namespace lockscope::testing {

inline run::RunOptions onModel(const scenario::Scenario& scenario, std::vector<sim::TraceSink*> sinks = {}) {
  std::string error;  // the model refuses no scenario that loaded
  return {.sinks = std::move(sinks), .backend = backends::backendFor(scenario, {}, error)};
}

inline run::RunReport runOnModel(const scenario::Scenario& scenario, std::vector<sim::TraceSink*> sinks = {}) {
  return run::runScenario(scenario, onModel(scenario, std::move(sinks)));
}

}  // namespace lockscope::testing
