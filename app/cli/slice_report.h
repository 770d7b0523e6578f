// `lockscope-cli run --slice`: each violation's causal slice (sim/checkers/causal_slice.h), as
// lines after the text report or as trace indices in the JSON one.
#pragma once

#include <string>
#include <vector>

#include "sim/checkers/causal_slice.h"
#include "sim/run/scenario_run.h"
#include "sim/trace/trace_sinks.h"

namespace lockscope::cli {

// One slice per violation of `report`, in the verdict's order, from the run's recorded events.
std::vector<checkers::CausalSlice> violationSlices(const run::RunReport& report,
                                                   const std::vector<sim::RecordedEvent>& events);

// For each violation (the first 20, as the text report lists them): a heading with its kind and
// the slice's summary, then one line per event of the slice (time from the clients' start, actor,
// kind and op, path).
std::string sliceText(const run::RunReport& report, const std::vector<sim::RecordedEvent>& events,
                      const std::vector<checkers::CausalSlice>& slices);

}  // namespace lockscope::cli
