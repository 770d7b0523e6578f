#include "redis_section_reader.h"

#include "clock_reader.h"

#include <algorithm>
#include <map>

namespace lockscope::scenario {
namespace {

const std::vector<std::string> kRedisKeys = {
    "instances",          "replicas", "replication_lag_ms", "persistence",
    "request_timeout_ms", "clocks",   "client_clocks"};
constexpr int64_t kMaxMillis = 24LL * 3600 * 1000;

std::string child(const std::string& path, const std::string& key) { return path + "." + key; }

}  // namespace

void RedisSectionReader::read(const YAML::Node& node) {
  const std::string path = "redis";
  r_.requireKeys(node, path, kRedisKeys);
  RedisSetup& setup = s_.redis;
  if (node["instances"])
    setup.instances = static_cast<int>(
        r_.integer(node["instances"], child(path, "instances"), 1, 15));
  if (node["replicas"])
    setup.replicas = static_cast<int>(r_.integer(node["replicas"], child(path, "replicas"), 0, 5));
  if (node["replication_lag_ms"]) {
    setup.replicationLagMs = r_.integer(node["replication_lag_ms"],
                                        child(path, "replication_lag_ms"), 0, kMaxMillis);
  }
  if (node["persistence"]) {
    setup.persistence = r_.text(node["persistence"], child(path, "persistence"));
    if (setup.persistence != "none" && setup.persistence != "every_second" &&
        setup.persistence != "always") {
      r_.fail(
          node["persistence"], child(path, "persistence"),
          "unknown persistence '" + setup.persistence + "'; expected: none, every_second, always");
    }
  }
  if (node["request_timeout_ms"]) {
    setup.requestTimeoutMs = r_.integer(node["request_timeout_ms"],
                                        child(path, "request_timeout_ms"), 0, kMaxMillis);
  }
  if (const YAML::Node clocks = node["clocks"]) {
    r_.requireMap(clocks, child(path, "clocks"));
    for (const auto& entry : clocks) {
      const std::string where = child(path, "clocks." + entry.first.Scalar());
      setup.clocks[instanceName(entry.first, where)] = readClock(r_, entry.second, where);
    }
  }
  if (const YAML::Node clocks = node["client_clocks"])
    setup.clientClocks = readClientClocks(r_, s_, clocks, child(path, "client_clocks"));
}

std::vector<std::string> redisInstanceNames(const RedisSetup& redis) {
  std::vector<std::string> names;
  for (int m = 1; m <= redis.instances; ++m) {
    names.push_back("redis-" + std::to_string(m));
    for (int r = 1; r <= redis.replicas; ++r)
      names.push_back(names.back().substr(0, names.back().find("-r")) + "-r" + std::to_string(r));
  }
  return names;
}

std::string RedisSectionReader::instanceName(const YAML::Node& node, const std::string& path) {
  const std::string name = r_.text(node, path);
  const std::vector<std::string> names = redisInstanceNames(s_.redis);
  if (std::find(names.begin(), names.end(), name) != names.end()) return name;
  std::string known;
  for (size_t i = 0; i < names.size() && i < 8; ++i) known += " " + names[i];
  if (names.size() > 8) known += " ...";
  r_.fail(node, path, "unknown Redis instance '" + name + "'; expected one of:" + known);
}

bool RedisSectionReader::readFault(const YAML::Node& node, const std::string& path, Fault fault) {
  int kinds = 0;
  for (const sim::FaultInfo& info : sim::kFaultKinds) {
    const std::string name = info.name;
    if (info.target != sim::FaultTarget::RedisInstance || !node[name]) continue;
    ++kinds;
    fault.kind = info.kind;
    fault.client = instanceName(node[name], child(path, name));
  }
  if (kinds == 0) {
    if (node["by"]) r_.fail(node["by"], child(path, "by"), "'by' goes with clock_jump only");
    return false;
  }
  if (s_.backend != "redis") r_.fail(node, path, "instance faults need 'backend: redis'");
  if (kinds > 1 || node["applied"])
    r_.fail(node, path, "a fault names exactly one client or instance");
  if (fault.kind == Fault::Kind::ClockJump) {
    if (!node["by"])
      r_.fail(node, path, "clock_jump needs 'by: <duration>' (how far the clock steps)");
    // A clock steps backwards too: "-30s".
    const std::string by = r_.text(node["by"], child(path, "by"));
    const bool backwards = !by.empty() && by[0] == '-';
    sim::Micros micros = 0;
    if (!parseDurationText(backwards ? by.substr(1) : by, micros)) {
      r_.fail(node["by"], child(path, "by"),
              "expected a duration such as '30s' or '-500ms' for '" + child(path, "by") +
                  "', got '" + by + "'");
    }
    fault.clockJumpMs = (backwards ? -1 : 1) * sim::toMillis(micros);
  } else if (node["by"]) {
    r_.fail(node["by"], child(path, "by"), "'by' goes with clock_jump only");
  }
  s_.faults.push_back(fault);
  if (!node["for"]) return true;
  // kill_instance for a while: the restart follows by itself.
  if (fault.kind != Fault::Kind::KillInstance) {
    r_.fail(node["for"], child(path, "for"),
            "'for' goes with pause, partition or kill_instance only");
  }
  Fault restart = fault;
  restart.kind = Fault::Kind::RestartInstance;
  restart.at = fault.at + r_.duration(node["for"], child(path, "for"));
  s_.faults.push_back(restart);
  return true;
}

}  // namespace lockscope::scenario
