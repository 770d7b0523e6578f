// The `--json` report of one run: one object, the keys of design.md §4 plus the verdict's metrics.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/checkers/causal_slice.h"

#include "sim/run/scenario_run.h"

namespace lockscope::cli {

// What the run cost on this machine (not part of the run: never in a trace or a golden).
struct RunCost {
  double wallMs = 0;
  int64_t peakRssKb = 0;  // the process's peak resident memory (getrusage), Qt's start-up included
};

// With `slices` (one per violation, `run --slice`), each violation gets a "slice": the trace
// indices (0-based lines of the --trace file) of the events it depends on.
std::string reportJson(const run::RunReport& report, const RunCost& cost,
                       const std::vector<checkers::CausalSlice>* slices = nullptr);

}  // namespace lockscope::cli
