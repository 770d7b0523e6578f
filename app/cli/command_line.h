// The common start of a subcommand that takes options only: parse, refuse what does not parse
// (one line naming the command, exit 2), print --help.
#pragma once

#include <QCommandLineParser>
#include <QStringList>
#include <optional>

namespace lockscope::cli {

// Adds --help and parses `arguments` for `command` ("recipes"). nullopt: go on; otherwise the
// exit code to return (the help was printed, or the one-line error).
std::optional<int> parseOptionsOnly(QCommandLineParser& parser, const QStringList& arguments,
                                    const char* command);

}  // namespace lockscope::cli
