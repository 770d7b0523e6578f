// Connections to live Redis servers for the lock clients of a run: each client gets a simulated
// process (its deliveries pause and stop with it) and, per instance, one real connection. A
// client's local clock is the world's, which in a live run is real time, skewed as the scenario's
// redis.client_clocks say.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "backends/live/client_processes.h"
#include "backends/live/world_inbox.h"
#include "live_redis_client.h"
#include "redis_address.h"
#include "sim/clients/service_connector.h"
#include "sim/engine/wall_clock.h"
#include "sim/engine/world.h"

namespace lockscope::live::redis {

class LiveRedisConnector final : public clients::ServiceConnector {
 public:
  // Every key the clients send gets `keyPrefix` (redis_key_namespace.h).
  LiveRedisConnector(sim::World& world, WorldInbox& inbox, std::vector<RedisAddress> addresses,
                     int64_t requestTimeoutMs, std::string keyPrefix,
                     sim::ClientClockSpecs clientClocks);

  std::vector<std::unique_ptr<lockscope::redis::RedisClient>> connectRedis(
      const std::string& clientName) override;
  sim::Process& process(const std::string& clientName) override;
  int64_t localClockMs(const std::string& clientName) override {
    return sim::clientClockMs(clientClocks_, clientName, world_.now());
  }

  // nullptr for a client that never connected.
  sim::Process* findProcess(const std::string& clientName) { return clients_.find(clientName); }
  // A crashed client's connections close, as the OS closes a dead process's sockets.
  void dropConnections(const std::string& clientName) { clients_.drop(clientName); }

 private:
  sim::World& world_;
  WorldInbox& inbox_;
  std::vector<RedisAddress> addresses_;
  int64_t requestTimeoutMs_;
  std::string keyPrefix_;
  sim::ClientClockSpecs clientClocks_;
  ClientProcesses<LiveRedisClient> clients_;
};

}  // namespace lockscope::live::redis
