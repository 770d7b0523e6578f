#include "redis_model_backend.h"

#include "process_faults.h"

namespace lockscope::model {
namespace {

using redis::model::Persistence;
using scenario::Fault;

Persistence persistenceOf(const std::string& name) {
  if (name == "always") return Persistence::Always;
  if (name == "every_second") return Persistence::EverySecond;
  return Persistence::None;
}

redis::model::DeploymentConfig deploymentOf(const scenario::Scenario& scenario) {
  const scenario::RedisSetup& setup = scenario.redis;
  redis::model::DeploymentConfig config;
  config.masters = setup.instances;
  config.replicasPerMaster = setup.replicas;
  config.replicationLag = sim::fromMillis(setup.replicationLagMs);
  config.persistence = persistenceOf(setup.persistence);
  config.latency = scenario.latency;
  config.requestTimeoutMs = setup.requestTimeoutMs;
  for (const auto& [name, clock] : setup.clocks) config.instanceClocks[name] = clock;
  for (const auto& [name, clock] : setup.clientClocks) config.clientClocks[name] = clock;
  return config;
}

}  // namespace

RedisModelBackend::RedisModelBackend(sim::World& world,
                                     const redis::model::DeploymentConfig& config)
    : world_(world), deployment_(world, config) {}

void RedisModelBackend::inject(const Fault& fault, clients::LockClient* client) {
  if (injectInstanceFault(fault)) return;
  // ZooKeeper's server faults have no server to act on here.
  if (fault.kind == Fault::Kind::KillServer || fault.kind == Fault::Kind::RestartServer) return;
  sim::Process* process = deployment_.process(fault.client);
  if (!process || !client) {
    noteClientNotStarted(world_, fault.client);
    return;
  }
  if (injectProcessFault(fault, *process, *client)) return;
  if (fault.kind == Fault::Kind::Partition || fault.kind == Fault::Kind::Heal) {
    deployment_.partitionClient(fault.client, fault.kind == Fault::Kind::Partition);
  }
  // expire_session and lose_reply act on a ZooKeeper session: a Redis client has none.
}

bool RedisModelBackend::injectInstanceFault(const Fault& fault) {
  redis::model::RedisInstance* instance = deployment_.instance(fault.client);
  switch (fault.kind) {
    case Fault::Kind::KillInstance: instance->crash(); return true;
    case Fault::Kind::RestartInstance: instance->restart(); return true;
    case Fault::Kind::ClockJump: instance->jumpClock(fault.clockJumpMs); return true;
    case Fault::Kind::Failover:
      if (!deployment_.failover(fault.client)) {
        world_.record({.kind = sim::TraceKind::Note,
                       .actor = fault.client,
                       .detail = "failover ignored: no replica is up to promote"});
      }
      return true;
    default: return false;
  }
}

run::RunBackendFactory redisModelBackend(const scenario::Scenario& scenario) {
  return [config = deploymentOf(scenario)](sim::World& world) -> std::unique_ptr<run::RunBackend> {
    return std::make_unique<RedisModelBackend>(world, config);
  };
}

}  // namespace lockscope::model
