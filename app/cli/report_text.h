// The human-readable summary `lockscope-cli run` prints.
#pragma once

#include <string>

#include <vector>

#include "sim/run/scenario_run.h"
#include "sim/scenario/scenario_loader.h"

namespace lockscope::cli {

std::string reportText(const run::RunReport& report);

// The command that replays this run exactly (printed when it failed). `live` is the --live value
// of a live run: the same servers again, the same scenario and seed (real timing never repeats).
std::string reproduceCommand(const run::RunReport& report,
                             const std::vector<scenario::Override>& overrides,
                             const std::string& live = {});

}  // namespace lockscope::cli
