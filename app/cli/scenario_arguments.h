// Reading a scenario named on the command line, with --seed and --set applied.
#pragma once

#include <QStringList>
#include <optional>
#include <string>
#include <vector>

#include "sim/scenario/scenario_loader.h"

namespace lockscope::cli {

// Loads `file` with the overrides; on failure prints the one-line error to stderr and returns
// nothing.
std::optional<scenario::Scenario> loadScenarioOrReport(
    const QString& file, const std::vector<scenario::Override>& overrides);

// Whether two paths name one file (an output about to replace the scenario it was made from).
bool sameFile(const QString& a, const QString& b);

// Turns --set values into overrides; false (after printing why) when one is malformed.
bool parseOverrides(const QStringList& values, std::vector<scenario::Override>& overrides);

}  // namespace lockscope::cli
