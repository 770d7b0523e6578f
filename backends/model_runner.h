// The model as the explorer runs it (sim/explore names no backend): a scenario on its service's
// model, judged on the run's own thread (thousands of short runs: a thread each cost more than it
// saved). `explore`, `sweep`, the app's Break it and the tests share it.
#pragma once

#include <functional>
#include <memory>

#include "sim/engine/chooser.h"
#include "sim/explore/hunted_violation.h"
#include "sim/explore/systematic_search.h"

namespace lockscope::backends {

explore::ScenarioRunner modelRunner();
// The same, every run's choices made by a Chooser from `chooser` (run::RunOptions::chooser).
explore::ScenarioRunner modelRunner(
    std::function<std::unique_ptr<sim::Chooser>(uint64_t seed)> chooser);
// The same with the chooser and an extra trace sink given per run (explore's bfs and dfs).
explore::ScheduledRunner scheduledModelRunner();

}  // namespace lockscope::backends
