// Every fault a scenario can inject, in one table: the scenario loader accepts exactly these keys,
// the trace's Fault events carry them as their op, the reports and the GUI name them through
// faultKindName, the backends ask which services apply them, and docs/scenario-format.md lists
// them (tst_scenario_loader holds the docs and the loader to this table). Adding a fault is a row
// here plus its injection in each backend that supports it (docs/architecture.md has the list).
//
// The table sits with the trace ops because a Fault event's op is a FaultKind, and sim/trace is
// the lowest layer that both the scenario and the backends read.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace lockscope::sim {

enum class FaultKind : uint8_t {
  Crash,
  Restart,
  Pause,
  Resume,
  Partition,
  Heal,
  ExpireSession,
  LoseReply,
  KillInstance,
  RestartInstance,
  ClockJump,
  Failover,
  KillServer,
  RestartServer,
};

// What a fault's key names in a scenario (`crash: c1`, `kill_instance: redis-2`, `kill_server: 2`).
enum class FaultTarget : uint8_t { Client, RedisInstance, Server };

// The services that apply a fault (bit flags); elsewhere the run ignores it or refuses it.
enum FaultService : uint8_t {
  kZooKeeperModel = 1,
  kZooKeeperLive = 2,
  kRedisModel = 4,
  kRedisLive = 8,
  kDatabaseModel = 16,
  kDatabaseLive = 32,
  kEveryService = kZooKeeperModel | kZooKeeperLive | kRedisModel | kRedisLive | kDatabaseModel |
                  kDatabaseLive,
};

struct FaultInfo {
  FaultKind kind;
  const char* name;  // the scenario key, the trace op, the GUI's and the reports' word
  FaultTarget target;
  uint8_t services;     // FaultService flags
  const char* meaning;  // one line, for messages and the docs
};

// In the enum's order (checked below), so a kind's row is found by its value.
inline constexpr std::array kFaultKinds = {
    FaultInfo{FaultKind::Crash, "crash", FaultTarget::Client, kEveryService,
              "the client's process dies silently"},
    FaultInfo{FaultKind::Restart, "restart", FaultTarget::Client, kEveryService,
              "a crashed process starts again with a new session"},
    FaultInfo{FaultKind::Pause, "pause", FaultTarget::Client, kEveryService,
              "a stop-the-world pause: timers and replies wait"},
    FaultInfo{FaultKind::Resume, "resume", FaultTarget::Client, kEveryService, "the pause ends"},
    FaultInfo{FaultKind::Partition, "partition", FaultTarget::Client,
              kZooKeeperModel | kZooKeeperLive | kRedisModel | kDatabaseModel,
              "the client's network drops every message both ways"},
    FaultInfo{FaultKind::Heal, "heal", FaultTarget::Client,
              kZooKeeperModel | kZooKeeperLive | kRedisModel | kDatabaseModel,
              "the partition ends"},
    FaultInfo{FaultKind::ExpireSession, "expire_session", FaultTarget::Client,
              kZooKeeperModel | kZooKeeperLive, "the server expires the client's session now"},
    FaultInfo{FaultKind::LoseReply, "lose_reply", FaultTarget::Client,
              kZooKeeperModel | kZooKeeperLive,
              "the reply to the client's next request is lost with its connection"},
    FaultInfo{FaultKind::KillInstance, "kill_instance", FaultTarget::RedisInstance,
              kRedisModel | kRedisLive, "a Redis instance crashes"},
    FaultInfo{FaultKind::RestartInstance, "restart_instance", FaultTarget::RedisInstance,
              kRedisModel | kRedisLive, "a crashed Redis instance starts again"},
    FaultInfo{FaultKind::ClockJump, "clock_jump", FaultTarget::RedisInstance, kRedisModel,
              "a Redis instance's wall clock steps"},
    FaultInfo{FaultKind::Failover, "failover", FaultTarget::RedisInstance, kRedisModel,
              "a shard's master crashes and a replica is promoted"},
    FaultInfo{FaultKind::KillServer, "kill_server", FaultTarget::Server,
              kZooKeeperModel | kZooKeeperLive | kDatabaseModel,
              "a ZooKeeper server (or the database server) dies"},
    FaultInfo{FaultKind::RestartServer, "restart_server", FaultTarget::Server,
              kZooKeeperModel | kZooKeeperLive | kDatabaseModel,
              "a killed ZooKeeper server (or the database server) starts again"},
};

constexpr bool faultKindsInEnumOrder() {
  for (size_t i = 0; i < kFaultKinds.size(); ++i) {
    if (static_cast<size_t>(kFaultKinds[i].kind) != i) return false;
  }
  return true;
}
static_assert(faultKindsInEnumOrder() &&
              kFaultKinds.size() == static_cast<size_t>(FaultKind::RestartServer) + 1);

constexpr const FaultInfo& faultInfo(FaultKind kind) {
  return kFaultKinds[static_cast<size_t>(kind)];
}
constexpr const char* faultKindName(FaultKind kind) { return faultInfo(kind).name; }
constexpr bool faultSupported(FaultKind kind, FaultService service) {
  return (faultInfo(kind).services & service) != 0;
}

constexpr std::optional<FaultKind> faultKindNamed(std::string_view name) {
  for (const FaultInfo& info : kFaultKinds) {
    if (std::string_view(info.name) == name) return info.kind;
  }
  return std::nullopt;
}

}  // namespace lockscope::sim
