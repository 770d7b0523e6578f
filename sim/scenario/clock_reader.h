// Reading clocks from a scenario file: `{offset_ms, drift_ppm}`, and a `client_clocks:` map of
// them by client name. The `redis:` and `database:` sections both have client clocks.
#pragma once

#include <map>
#include <string>

#include <yaml-cpp/yaml.h>

#include "scenario.h"
#include "yaml_reader.h"

namespace lockscope::scenario {

ClockSetting readClock(const YamlReader& reader, const YAML::Node& node, const std::string& path);
// `client_clocks` at `path`: each key must name one of the scenario's clients.
std::map<std::string, ClockSetting> readClientClocks(const YamlReader& reader,
                                                     const Scenario& scenario,
                                                     const YAML::Node& node,
                                                     const std::string& path);

}  // namespace lockscope::scenario
