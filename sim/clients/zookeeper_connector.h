// How a lock client reaches ZooKeeper: the model in a simulated world, or a live server. The
// driver asks for a new session when it starts, after its session expired, and after a restart.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "backends/api/redis_client.h"

#include "backends/api/zookeeper_client.h"
#include "sim/engine/process.h"

namespace lockscope::clients {

class ZooKeeperConnector {
 public:
  virtual ~ZooKeeperConnector() = default;
  virtual std::unique_ptr<zookeeper::ZooKeeperClient> connect(const std::string& clientName,
                                                              int64_t sessionTimeoutMs) = 0;
  // The client's process; valid after its first connect().
  virtual sim::Process& process(const std::string& clientName) = 0;

  // A Redis run has no ZooKeeper session (connect() gives nullptr); instead each client gets one
  // connection per Redis shard, in shard order, and a clock of its own.
  virtual std::vector<std::unique_ptr<redis::RedisClient>> connectRedis(const std::string&) {
    return {};
  }
  virtual int64_t localClockMs(const std::string&) { return 0; }
};

}  // namespace lockscope::clients
