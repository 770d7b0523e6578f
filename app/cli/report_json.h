// The `--json` report of one run: one object, the keys of design.md §4 plus the verdict's metrics.
#pragma once

#include <string>

#include "sim/run/scenario_run.h"

namespace lockscope::cli {

std::string reportJson(const run::RunReport& report, double wallMs);

}  // namespace lockscope::cli
