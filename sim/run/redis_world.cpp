#include "redis_world.h"

namespace lockscope::run {
namespace {

using redis::model::Persistence;
using scenario::Fault;

Persistence persistenceOf(const std::string& name) {
  if (name == "always") return Persistence::Always;
  if (name == "every_second") return Persistence::EverySecond;
  return Persistence::None;
}

redis::model::ClockSpec clockOf(const scenario::ClockSetting& setting) {
  return redis::model::ClockSpec{setting.offsetMs, setting.driftPpm};
}

}  // namespace

RedisWorld::RedisWorld(sim::World& world, const scenario::Scenario& scenario)
    : world_(world), deployment_(world, config(scenario)), connector_(deployment_) {}

redis::model::DeploymentConfig RedisWorld::config(const scenario::Scenario& scenario) {
  const scenario::RedisSetup& setup = scenario.redis;
  redis::model::DeploymentConfig config;
  config.masters = setup.instances;
  config.replicasPerMaster = setup.replicas;
  config.replicationLag = sim::fromMillis(setup.replicationLagMs);
  config.persistence = persistenceOf(setup.persistence);
  config.latency = scenario.latency;
  config.requestTimeoutMs = setup.requestTimeoutMs;
  for (const auto& [name, clock] : setup.clocks) config.instanceClocks[name] = clockOf(clock);
  for (const auto& [name, clock] : setup.clientClocks) config.clientClocks[name] = clockOf(clock);
  return config;
}

bool RedisWorld::inject(const Fault& fault) {
  redis::model::RedisInstance* instance = deployment_.instance(fault.client);
  switch (fault.kind) {
    case Fault::Kind::KillInstance: instance->crash(); return true;
    case Fault::Kind::RestartInstance: instance->restart(); return true;
    case Fault::Kind::ClockJump: instance->jumpClock(fault.clockJumpMs); return true;
    case Fault::Kind::Failover:
      if (!deployment_.failover(fault.client)) {
        world_.record({.kind = sim::TraceKind::Note, .actor = fault.client,
                       .detail = "failover ignored: no replica is up to promote"});
      }
      return true;
    default: return false;
  }
}

}  // namespace lockscope::run
