// Reads a scenario file (YAML), applies `--set key=value` overrides, and validates every key.
// Any problem is one line: "file:line:col: what was expected".
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "scenario.h"

namespace lockscope::scenario {

struct Override {
  std::string key;    // dotted path: "clients", "recipe_parameters.acquire_timeout_ms"
  std::string value;  // YAML text: "1000", "zk-chained", "[1, 5]"
};

// Splits "key=value"; false when there is no '=' or the key is empty.
bool parseOverride(const std::string& argument, Override& out);

// The most clients a scenario may have (a `clients:` count or list): the loader refuses more.
inline constexpr int64_t kMaxClients = 100'000;

struct LoadResult {
  std::optional<Scenario> scenario;
  std::string error;  // set when scenario is empty
};

LoadResult loadScenarioFile(const std::string& path, const std::vector<Override>& overrides = {});
// For tests and the GUI: the same from text, reported under `name`.
LoadResult loadScenarioText(const std::string& text, const std::string& name,
                            const std::vector<Override>& overrides = {});

}  // namespace lockscope::scenario
