// What `explore` and `sweep` share: the lesson named on the command line (with --set), the model
// that runs its variants, the violation kinds hunted (--find).
#pragma once

#include <QCommandLineParser>
#include <QStringList>
#include <optional>

#include "sim/explore/hunted_violation.h"
#include "sim/scenario/scenario.h"
#include "sim/scenario/scenario_loader.h"

namespace lockscope::cli {

struct ExplorerInput {
  scenario::Scenario lesson;
  explore::Hunt hunt;
  std::vector<scenario::Override> overrides;  // --set
};

// Adds --set and --find (and --help) to `parser`.
void addExplorerOptions(QCommandLineParser& parser);

// Parses `arguments` for `command`, loads the one lesson it names and reads --find; nullopt and
// `exitCode` set (after one line on stderr, or the help on stdout) when it cannot go on.
std::optional<ExplorerInput> readExplorerInput(QCommandLineParser& parser,
                                               const QStringList& arguments, const char* command,
                                               int& exitCode);

}  // namespace lockscope::cli
