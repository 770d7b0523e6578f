#include "redis_deployment.h"

#include "model_redis_client.h"

namespace lockscope::redis::model {

std::string masterName(int index) { return "redis-" + std::to_string(index + 1); }
std::string replicaName(int masterIndex, int replicaIndex) {
  return masterName(masterIndex) + "-r" + std::to_string(replicaIndex + 1);
}

RedisDeployment::RedisDeployment(sim::World& world, DeploymentConfig config)
    : world_(world), config_(std::move(config)) {
  auto makeInstance = [this](const std::string& name, const RedisInstance* masterOf) {
    InstanceConfig instance;
    instance.name = name;
    const auto clock = config_.instanceClocks.find(name);
    if (clock != config_.instanceClocks.end()) instance.clock = clock->second;
    instance.persistence = config_.persistence;
    instance.replicationLag = config_.replicationLag;
    instances_.push_back(std::make_unique<RedisInstance>(world_, instance, masterOf));
    return instances_.back().get();
  };
  for (int m = 0; m < config_.masters; ++m) {
    Shard shard;
    shard.name = masterName(m);
    shard.master = makeInstance(shard.name, nullptr);
    for (int r = 0; r < config_.replicasPerMaster; ++r) {
      RedisInstance* replica = makeInstance(replicaName(m, r), shard.master);
      shard.master->addReplica(*replica);
      shard.replicas.push_back(replica);
    }
    shards_.push_back(std::move(shard));
  }
}

RedisDeployment::~RedisDeployment() = default;

std::vector<std::unique_ptr<RedisClient>> RedisDeployment::connect(const std::string& clientName) {
  ClientSlot& slot = clients_[clientName];
  if (!slot.process) {
    slot.process = std::make_unique<sim::Process>(world_, clientName);
    for (const Shard& shard : shards_) {
      slot.connections.push_back(std::make_unique<sim::Connection>(
          world_, clientName + "->" + shard.name, config_.latency));
    }
  }
  std::vector<std::unique_ptr<RedisClient>> connections;
  for (size_t s = 0; s < shards_.size(); ++s) {
    connections.push_back(std::make_unique<ModelRedisClient>(
        world_, *slot.process, *slot.connections[s], *this, s, shards_[s].name, clientName,
        config_.requestTimeoutMs, ++lastConnection_));
  }
  return connections;
}

sim::Process* RedisDeployment::process(const std::string& clientName) {
  const auto found = clients_.find(clientName);
  return found == clients_.end() ? nullptr : found->second.process.get();
}

int64_t RedisDeployment::clientClockMs(const std::string& clientName) const {
  return sim::clientClockMs(config_.clientClocks, clientName, world_.now());
}

void RedisDeployment::partitionClient(const std::string& clientName, bool cut) {
  const auto found = clients_.find(clientName);
  if (found == clients_.end()) return;
  for (auto& connection : found->second.connections) {
    if (cut) {
      connection->cut();
    } else {
      connection->restore();
    }
  }
}

RedisInstance* RedisDeployment::instance(const std::string& name) {
  for (auto& candidate : instances_) {
    if (candidate->name() == name) return candidate.get();
  }
  return nullptr;
}

bool RedisDeployment::failover(const std::string& instanceName) {
  for (Shard& shard : shards_) {
    const bool serves = shard.name == instanceName || shard.master->name() == instanceName;
    if (!serves) continue;
    for (RedisInstance* replica : shard.replicas) {
      if (replica == shard.master || !replica->up()) continue;
      shard.master->crash();
      replica->promote();
      shard.master = replica;
      return true;
    }
    return false;
  }
  return false;
}

std::optional<Reply> RedisDeployment::execute(size_t shard, const Command& argv,
                                              RedisInstance::ConnectionId connection,
                                              RedisInstance::LaterReply later) {
  return shards_.at(shard).master->execute(argv, connection, std::move(later));
}

}  // namespace lockscope::redis::model
