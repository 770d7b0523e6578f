// `lockscope-cli run FILE [--seed N] [--set key=value]... [--trace OUT.jsonl] [--json]`
#pragma once

#include <QStringList>

namespace lockscope::cli {

// `arguments` starts with the program name and the subcommand. Returns the exit code.
int runCommand(const QStringList& arguments);

}  // namespace lockscope::cli
