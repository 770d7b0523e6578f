// The `--json` report of one run: one object, the keys of design.md §4 plus the verdict's metrics.
#pragma once

#include <cstdint>
#include <string>

#include "sim/run/scenario_run.h"

namespace lockscope::cli {

// What the run cost on this machine (not part of the run: never in a trace or a golden).
struct RunCost {
  double wallMs = 0;
  int64_t peakRssKb = 0;  // the process's peak resident memory (getrusage), Qt's start-up included
};

std::string reportJson(const run::RunReport& report, const RunCost& cost);

}  // namespace lockscope::cli
