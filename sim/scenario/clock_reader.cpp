#include "clock_reader.h"

#include <algorithm>
#include <vector>

namespace lockscope::scenario {
namespace {

const std::vector<std::string> kClockKeys = {"offset_ms", "drift_ppm"};
constexpr int64_t kMaxMillis = 24LL * 3600 * 1000;

}  // namespace

ClockSetting readClock(const YamlReader& r, const YAML::Node& node, const std::string& path) {
  r.requireKeys(node, path, kClockKeys);
  ClockSetting clock;
  if (node["offset_ms"])
    clock.offsetMs = r.integer(node["offset_ms"], path + ".offset_ms", -kMaxMillis, kMaxMillis);
  // Beyond ±50 % the clock is not a clock any more; real crystals drift by tens of ppm.
  if (node["drift_ppm"])
    clock.driftPpm = r.integer(node["drift_ppm"], path + ".drift_ppm", -500'000, 500'000);
  return clock;
}

std::map<std::string, ClockSetting> readClientClocks(const YamlReader& r, const Scenario& scenario,
                                                     const YAML::Node& node,
                                                     const std::string& path) {
  r.requireMap(node, path);
  std::map<std::string, ClockSetting> clocks;
  for (const auto& entry : node) {
    const std::string name = entry.first.Scalar();
    const std::string where = path + "." + name;
    const bool known = std::any_of(scenario.clients.begin(), scenario.clients.end(),
                                   [&name](const auto& spec) { return spec.name == name; });
    if (!known) r.fail(entry.first, where, "unknown client '" + name + "' in '" + path + "'");
    clocks[name] = readClock(r, entry.second, where);
  }
  return clocks;
}

}  // namespace lockscope::scenario
