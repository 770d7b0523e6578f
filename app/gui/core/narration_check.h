// Holds a recorded run to what its narration says is on screen (the `shows:` claims of each
// step, sim/scenario/narration_claims.h), on the very stage state the GUI draws at that step's
// moment: a lesson whose picture contradicts its text fails `lockscope-cli check` instead of
// reaching a classroom.
#pragma once

#include <string>
#include <vector>

#include "run_timeline.h"

namespace lockscope::gui {

// One line per claim the run contradicts, e.g.
// "herd.yaml:18: at 120 ms the narration claims holders: 1, the run has 0"; a step with claims
// that never happens, and a step after the end the GUI plays to, are one line each. Empty when
// every claim holds.
std::vector<std::string> falseNarrationClaims(const RunTimeline& timeline);

}  // namespace lockscope::gui
