// `explore --mode pct`: the random search's runs (run 0 the lesson as written, then a seed and
// faults drawn from the explorer's seed for each run), each later run scheduled by a PctChooser
// (pct_chooser.h) of its seed. Run 0 keeps the seeded chooser and measures k, the latency
// decisions of the lesson's own run.
//
// A PCT schedule is not reproduced by a seed: `lockscope-cli run` and the shrinker choose with
// the seeded chooser. So a counterexample PCT finds is kept only when the seeded chooser shows a
// violation of the same kind with its faults (perhaps by another order): at its own seed or at
// one of the next seeds drawn from it (up to kSeededTries runs); then it is shrunk and written
// like random mode's. When none does, the search says so and writes nothing.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>

#include "exploration.h"
#include "pct_chooser.h"

namespace lockscope::explore {

using ChooserFactory = std::function<std::unique_ptr<sim::Chooser>(uint64_t seed)>;
// A runner whose runs choose with the factory's Chooser (empty: the seeded one):
// backends::modelRunner(factory).
using RunnerWithChooser = std::function<ScenarioRunner(ChooserFactory)>;

// Seeded runs tried to reproduce a PCT counterexample's faults.
constexpr uint64_t kSeededTries = 1000;

struct PctReport {
  PctParameters parameters;      // d as asked, k as measured in run 0
  size_t clients = 0;            // n
  uint64_t pctRuns = 0;          // runs scheduled by PCT (all but run 0)
  uint64_t runsWithoutBug = 0;   // of them, the ones that showed no hunted violation
  double probabilityPerRun = 0;  // 1 / (n k^(d-1))
  double missBound = 1;          // (1 - p)^runsWithoutBug
  // Found by a PCT run: whether, and after how many runs, the seeded chooser reproduced it.
  bool reproduced = false;
  uint64_t seededRuns = 0;
  uint64_t reproducedSeed = 0;
};

struct PctExploration {
  Exploration exploration;  // search.found: as PCT found it; shrunk: only when reproduced
  PctReport pct;
};

// Searches, and shrinks and writes what the seeded chooser reproduces. A failure only when the
// found lesson cannot be written.
Result<PctExploration> explorePct(const scenario::Scenario& lesson,
                                  const ExplorationRequest& request, int depth,
                                  const RunnerWithChooser& runnerWith);

}  // namespace lockscope::explore
