// The Redis parts of a scenario file: the `redis:` section (instances, replicas, replication lag,
// persistence, request timeout, instance and client clocks) and the faults that act on instances
// (kill_instance, restart_instance, clock_jump, failover). docs/scenario-format.md lists them.
#pragma once

#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "scenario.h"
#include "yaml_reader.h"

namespace lockscope::scenario {

// Every instance the `redis:` section sets up: redis-1, its replicas redis-1-r1..., redis-2...
std::vector<std::string> redisInstanceNames(const RedisSetup& redis);

class RedisSectionReader {
 public:
  RedisSectionReader(const YamlReader& reader, Scenario& scenario) : r_(reader), s_(scenario) {}

  // Reads `redis:` into scenario.redis; the clients must have been read (client_clocks names
  // them).
  void read(const YAML::Node& node);
  // The key a fault entry may have besides the kinds (sim/trace/fault_kinds.h) and their common
  // keys: how far a clock_jump steps.
  static constexpr const char* kClockJumpKey = "by";
  // When the fault entry at `node` is a Redis fault, reads it (and the restart its `for` implies)
  // into scenario.faults and returns true; `fault` already has its time and location.
  bool readFault(const YAML::Node& node, const std::string& path, Fault fault);

 private:
  std::string instanceName(const YAML::Node& node, const std::string& path);

  const YamlReader& r_;
  Scenario& s_;
};

}  // namespace lockscope::scenario
