// What `run` and `check` say, and which exit code they return, when a live backend ended a run
// early (run::BackendStop): interrupted by the user (128 + signal), a server lost (3), a fault
// that could not be applied (2).
#pragma once

#include <string>

#include "sim/run/scenario_run.h"

namespace lockscope::cli {

// One line: the reason, when the run stopped, and what was put back.
std::string backendStopLine(const run::RunReport& report);
int backendStopExitCode(const run::BackendStop& stop);

}  // namespace lockscope::cli
