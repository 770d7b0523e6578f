// "HOST:PORT[,HOST:PORT...]" as given to `--live redis=`: instance i of a scenario (redis-i) is
// the i-th address.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace lockscope::live::redis {

struct RedisAddress {
  std::string host;
  int port = 0;
  std::string text() const { return host + ":" + std::to_string(port); }
};

// nullopt (with `error` saying which part is wrong) for an empty list or a malformed address.
std::optional<std::vector<RedisAddress>> parseAddresses(const std::string& list, std::string& error);

// The scenario's name of the server at `index` in the list: "redis-1" for 0.
inline std::string instanceName(size_t index) { return "redis-" + std::to_string(index + 1); }

}  // namespace lockscope::live::redis
