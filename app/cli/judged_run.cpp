#include "judged_run.h"

#include <algorithm>

#include "core/run_timeline.h"

namespace lockscope::cli {

bool hasNarrationClaims(const scenario::Scenario& scenario) {
  return std::any_of(scenario.narration.begin(), scenario.narration.end(),
                     [](const scenario::NarrationStep& step) { return !step.claims.empty(); });
}

run::RunReport judgedRun(const scenario::Scenario& scenario, const run::RunOptions& options,
                         bool live) {
  if (live || !hasNarrationClaims(scenario)) return run::runScenario(scenario, options);
  return gui::RunTimeline::record(scenario, options)->report();
}

}  // namespace lockscope::cli
