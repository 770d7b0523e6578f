// `lockscope-cli redis-shell [--live HOST:PORT]`: the redis-cli-compatible shell over the model
// Redis, or over a real server (docs/redis-shell-format.md).
#pragma once

#include <QStringList>

namespace lockscope::cli {

// The subcommand as main.cpp's table calls it: `arguments` starts with "redis-shell".
int redisShellCommand(const QStringList& arguments);

}  // namespace lockscope::cli
