// How a lock client reaches its service: a ZooKeeper session, one connection per Redis shard, or
// a database connection,
// from the model in a simulated world or from live servers. Each backend (sim/run/run_backend.h)
// hands its clients one; a service overrides the connect call it serves and leaves the other one
// empty. The driver asks for a new session when it starts, after its session expired, and after
// a restart.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "backends/api/redis_client.h"
#include "backends/api/sql_client.h"
#include "backends/api/zookeeper_client.h"
#include "sim/engine/process.h"

namespace lockscope::clients {

class ServiceConnector {
 public:
  virtual ~ServiceConnector() = default;

  // A new ZooKeeper session; nullptr for a service that is not ZooKeeper.
  virtual std::unique_ptr<zookeeper::ZooKeeperClient> connectZooKeeper(
      const std::string& clientName, int64_t sessionTimeoutMs) {
    (void)clientName;
    (void)sessionTimeoutMs;
    return nullptr;
  }
  // One connection per Redis shard, in shard order; empty for a service that is not Redis.
  virtual std::vector<std::unique_ptr<redis::RedisClient>> connectRedis(
      const std::string& clientName) {
    (void)clientName;
    return {};
  }
  // A new database connection (session); nullptr for a service that is not a database.
  virtual std::unique_ptr<sql::SqlClient> connectSql(const std::string& clientName) {
    (void)clientName;
    return nullptr;
  }
  // The client's process; valid after its first connect.
  virtual sim::Process& process(const std::string& clientName) = 0;
  // The client's own clock (Redis recipes read it for lock validity, database recipes for a
  // lock row's lock_until); 0 where clocks are not modelled.
  virtual int64_t localClockMs(const std::string& clientName) {
    (void)clientName;
    return 0;
  }
};

}  // namespace lockscope::clients
