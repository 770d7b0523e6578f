// A run as `run` and `check` judge it: by the scenario's expectations and, on the model, by what
// its narration says is on screen (`shows:`). Those claims are about the stage the GUI draws, so
// a scenario that makes them is recorded the way the GUI records it (app/gui/core, no Qt); one
// without them runs as before, without keeping its trace in memory.
#pragma once

#include "sim/run/scenario_run.h"
#include "sim/scenario/scenario.h"

namespace lockscope::cli {

bool hasNarrationClaims(const scenario::Scenario& scenario);

// `live`: options.backend is live servers, whose timing is theirs, not the lesson's: the
// narration's claims are not held against it.
run::RunReport judgedRun(const scenario::Scenario& scenario, const run::RunOptions& options,
                         bool live);

}  // namespace lockscope::cli
