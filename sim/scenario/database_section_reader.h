// The database parts of a scenario file: the `database:` section (dialect, the servers' lock and
// session timeouts, keepalive, client clocks). docs/scenario-format.md lists them.
#pragma once

#include <yaml-cpp/yaml.h>

#include "scenario.h"
#include "yaml_reader.h"

namespace lockscope::scenario {

class DatabaseSectionReader {
 public:
  DatabaseSectionReader(const YamlReader& reader, Scenario& scenario) : r_(reader), s_(scenario) {}

  // Reads `database:` into scenario.database; the clients must have been read (client_clocks
  // names them).
  void read(const YAML::Node& node);

 private:
  const YamlReader& r_;
  Scenario& s_;
};

}  // namespace lockscope::scenario
