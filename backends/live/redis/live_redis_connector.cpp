#include "live_redis_connector.h"

#include "traced_redis_client.h"

namespace lockscope::live::redis {

LiveRedisConnector::LiveRedisConnector(sim::World& world, WorldInbox& inbox,
                                       std::vector<RedisAddress> addresses,
                                       int64_t requestTimeoutMs, std::string keyPrefix)
    : world_(world),
      inbox_(inbox),
      addresses_(std::move(addresses)),
      requestTimeoutMs_(requestTimeoutMs),
      keyPrefix_(std::move(keyPrefix)) {}

std::vector<std::unique_ptr<lockscope::redis::RedisClient>> LiveRedisConnector::connectRedis(
    const std::string& clientName) {
  sim::Process& owner = process(clientName);
  Slot& slot = slots_[clientName];
  std::vector<std::unique_ptr<lockscope::redis::RedisClient>> clients;
  for (size_t i = 0; i < addresses_.size(); ++i) {
    auto connection = std::make_shared<LiveRedisClient>(
        "redis-" + std::to_string(i + 1), addresses_[i].host, addresses_[i].port, 0, keyPrefix_);
    slot.connections.push_back(connection);
    clients.push_back(std::make_unique<TracedRedisClient>(world_, owner, inbox_, connection,
                                                          clientName, requestTimeoutMs_));
  }
  return clients;
}

sim::Process& LiveRedisConnector::process(const std::string& clientName) {
  Slot& slot = slots_[clientName];
  if (!slot.process) slot.process = std::make_unique<sim::Process>(world_, clientName);
  return *slot.process;
}

sim::Process* LiveRedisConnector::findProcess(const std::string& clientName) {
  const auto found = slots_.find(clientName);
  return found == slots_.end() ? nullptr : found->second.process.get();
}

void LiveRedisConnector::dropConnections(const std::string& clientName) {
  const auto found = slots_.find(clientName);
  if (found == slots_.end()) return;
  for (const auto& weak : found->second.connections) {
    if (auto connection = weak.lock()) connection->drop();
  }
}

}  // namespace lockscope::live::redis
