// The lock clients' way to the Redis model: no ZooKeeper session, one connection per shard of
// the RedisDeployment, and each client's own clock.
#pragma once

#include "backends/model/redis/redis_deployment.h"
#include "sim/clients/service_connector.h"

namespace lockscope::model {

class RedisModelConnector final : public clients::ServiceConnector {
 public:
  explicit RedisModelConnector(redis::model::RedisDeployment& deployment)
      : deployment_(deployment) {}

  std::vector<std::unique_ptr<redis::RedisClient>> connectRedis(
      const std::string& clientName) override {
    return deployment_.connect(clientName);
  }
  sim::Process& process(const std::string& clientName) override {
    return *deployment_.process(clientName);
  }
  int64_t localClockMs(const std::string& clientName) override {
    return deployment_.clientClockMs(clientName);
  }

 private:
  redis::model::RedisDeployment& deployment_;
};

}  // namespace lockscope::model
