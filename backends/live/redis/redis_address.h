// The Redis servers of `--live redis=HOST:PORT[,HOST:PORT...]`: instance i of a scenario (redis-i)
// is the i-th address. Parsed by the one server-list parser (backends/live/server_address.h).
#pragma once

#include <string>

#include "backends/live/server_address.h"

namespace lockscope::live::redis {

using RedisAddress = ServerAddress;

// The scenario's name of the server at `index` in the list: "redis-1" for 0.
inline std::string instanceName(size_t index) { return "redis-" + std::to_string(index + 1); }

}  // namespace lockscope::live::redis
