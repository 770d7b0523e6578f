#include "live_redis_connector.h"

#include "traced_redis_client.h"

namespace lockscope::live::redis {

LiveRedisConnector::LiveRedisConnector(sim::World& world, WorldInbox& inbox,
                                       std::vector<RedisAddress> addresses,
                                       int64_t requestTimeoutMs, std::string keyPrefix,
                                       sim::ClientClockSpecs clientClocks)
    : world_(world),
      inbox_(inbox),
      addresses_(std::move(addresses)),
      requestTimeoutMs_(requestTimeoutMs),
      keyPrefix_(std::move(keyPrefix)),
      clientClocks_(std::move(clientClocks)),
      clients_(world) {}

std::vector<std::unique_ptr<lockscope::redis::RedisClient>> LiveRedisConnector::connectRedis(
    const std::string& clientName) {
  sim::Process& owner = process(clientName);
  std::vector<std::unique_ptr<lockscope::redis::RedisClient>> clients;
  for (size_t i = 0; i < addresses_.size(); ++i) {
    auto connection = std::make_shared<LiveRedisClient>(
        "redis-" + std::to_string(i + 1), addresses_[i].host, addresses_[i].port, 0, keyPrefix_);
    clients_.add(clientName, connection);
    clients.push_back(std::make_unique<TracedRedisClient>(world_, owner, inbox_, connection,
                                                          clientName, requestTimeoutMs_));
  }
  return clients;
}

sim::Process& LiveRedisConnector::process(const std::string& clientName) {
  return clients_.process(clientName);
}

}  // namespace lockscope::live::redis
