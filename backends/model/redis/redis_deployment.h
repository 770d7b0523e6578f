// The Redis side of a simulated world: N independent masters (shards, "redis-1".."redis-N"), each
// with its replicas ("redis-1-r1", ...), and the client machines that talk to them.
//
// A client reaches a shard by its name; the deployment routes each request to whoever is the
// shard's master when the request arrives (Sentinel's job), so after a failover the clients talk
// to the promoted replica without being told. A request reaching a master that is down is lost:
// the client sees its timeout.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "backends/api/redis_client.h"
#include "redis_instance.h"
#include "sim/engine/connection.h"
#include "sim/engine/process.h"
#include "sim/engine/world.h"

namespace lockscope::redis::model {

struct DeploymentConfig {
  int masters = 1;
  int replicasPerMaster = 0;
  sim::Micros replicationLag = sim::fromMillis(10);
  Persistence persistence = Persistence::None;
  std::map<std::string, sim::ClockSpec> instanceClocks;  // by instance name; default: exact clocks
  std::map<std::string, sim::ClockSpec> clientClocks;    // by client name
  sim::LatencyRange latency{sim::fromMillis(1), sim::fromMillis(2)};
  int64_t requestTimeoutMs = 0;  // every client connection's default (0: none)
};

// "redis-1", "redis-1-r2".
std::string masterName(int index);
std::string replicaName(int masterIndex, int replicaIndex);

class RedisDeployment {
 public:
  RedisDeployment(sim::World& world, DeploymentConfig config);
  ~RedisDeployment();

  // One connection per shard for `clientName`, in shard order. The client's process and its
  // network paths are made on the first call and kept (a restarted client reuses them).
  std::vector<std::unique_ptr<RedisClient>> connect(const std::string& clientName);
  // nullptr for a client that never connected.
  sim::Process* process(const std::string& clientName);
  // The client's own clock in ms (Redlock measures elapsed time and drift with it).
  int64_t clientClockMs(const std::string& clientName) const;

  // nullptr for an unknown instance name.
  RedisInstance* instance(const std::string& name);
  // The shard's current master.
  RedisInstance& masterOf(size_t shard) { return *shards_.at(shard).master; }
  size_t shardCount() const { return shards_.size(); }
  const std::string& shardName(size_t shard) const { return shards_.at(shard).name; }

  // A partition between the client and every shard (cut) and its end (!cut).
  void partitionClient(const std::string& clientName, bool cut);

  // The master of the shard `instanceName` serves crashes and its first replica that is up
  // becomes the master. False when there is none to promote. (Other replicas of the shard keep
  // what they have but are not re-attached to the new master: lessons use one replica.)
  bool failover(const std::string& instanceName);

  // Runs a request that reached `shard` on `connection` (internal to the model clients); a
  // blocked command's reply goes to `later` (RedisInstance::execute).
  std::optional<Reply> execute(size_t shard, const Command& argv,
                               RedisInstance::ConnectionId connection,
                               RedisInstance::LaterReply later);

 private:
  struct Shard {
    std::string name;
    RedisInstance* master = nullptr;
    std::vector<RedisInstance*> replicas;
  };
  struct ClientSlot {
    std::unique_ptr<sim::Process> process;
    std::vector<std::unique_ptr<sim::Connection>> connections;  // one per shard
  };

  sim::World& world_;
  DeploymentConfig config_;
  std::vector<std::unique_ptr<RedisInstance>> instances_;
  std::vector<Shard> shards_;
  std::map<std::string, ClientSlot> clients_;
  // Every model client's connection has its own number: its MULTI and WATCH state on the server.
  RedisInstance::ConnectionId lastConnection_ = 0;
};

}  // namespace lockscope::redis::model
