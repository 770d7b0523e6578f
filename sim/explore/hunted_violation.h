// What the explorer hunts: the checkers' violations of some kinds (all of them by default), and
// which one a run shows first.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "sim/checkers/run_verdict.h"
#include "sim/run/scenario_run.h"
#include "sim/scenario/scenario.h"

namespace lockscope::explore {

// Runs a scenario (on the model: backends::modelBackendFor, which sim/ cannot name).
using ScenarioRunner = std::function<run::RunReport(const scenario::Scenario&)>;

struct Hunt {
  std::vector<std::string> kinds;  // violation kinds (run_verdict.h); empty: every kind

  bool wants(const std::string& kind) const;
  // The first violation (by when the trace shows it, then kind) of a kind hunted, if any.
  std::optional<checkers::Violation> first(const checkers::RunVerdict& verdict) const;
  // The kinds hunted that the run shows, sorted and joined: "lost_update+mutual_exclusion";
  // empty when none.
  std::string signature(const checkers::RunVerdict& verdict) const;
};

// "mutual_exclusion,lost_update": each a violation kind the checkers report.
Result<Hunt> parseHunt(const std::string& text);

}  // namespace lockscope::explore
