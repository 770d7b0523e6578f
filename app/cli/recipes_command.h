// `lockscope-cli recipes [--show NAME]`: every recipe with its one-line summary, or one recipe's
// numbered pseudocode (the lines the GUI highlights).
#pragma once

#include <QStringList>

namespace lockscope::cli {

int recipesCommand(const QStringList& arguments);

}  // namespace lockscope::cli
