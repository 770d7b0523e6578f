// One Redis server: a keyspace on its own clock, a role (master or replica), a persistence mode,
// and up or down. It appends what happens to its keys to the trace (docs/trace-format in
// redis_trace.h), replicates every change to its replicas after the link's lag, and expires keys
// lazily (when touched) and actively (Redis' 10-per-second sampling).
//
// What a crash keeps depends on persistence: none keeps nothing, every_second keeps the last
// fsync (taken each second while writes come in), always keeps every acknowledged write.
//
// Each client connection has its MULTI and WATCH state here (client_connection.h), lost with the
// process; a WATCH sees every connection's writes. WAIT blocks its connection until enough
// replicas have applied everything the master had written, or its timeout.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "backends/api/redis_client.h"
#include "client_connection.h"
#include "command_executor.h"
#include "keyspace.h"
#include "lua_engine.h"
#include "replication_info.h"
#include "script_cache.h"
#include "sim/engine/wall_clock.h"
#include "sim/engine/world.h"

namespace lockscope::redis::model {

enum class Persistence { None, EverySecond, Always };
const char* persistenceName(Persistence persistence);

struct InstanceConfig {
  std::string name;  // "redis-1", "redis-1-r1"
  sim::ClockSpec clock;
  Persistence persistence = Persistence::None;
  sim::Micros replicationLag = sim::fromMillis(10);  // master -> replica, per change
};

class RedisInstance {
 public:
  RedisInstance(sim::World& world, InstanceConfig config, const RedisInstance* masterOf = nullptr);
  RedisInstance(const RedisInstance&) = delete;
  RedisInstance& operator=(const RedisInstance&) = delete;

  const std::string& name() const { return config_.name; }
  bool up() const { return up_; }
  bool isMaster() const { return master_; }
  int64_t clockMs() const { return clock_.nowMs(world_.now()); }
  const Keyspace& keys() const { return keys_; }
  // Changes written (a master) or applied (a replica) so far: the replication offset.
  uint64_t offset() const { return offset_; }

  using ConnectionId = uint64_t;
  using LaterReply = std::function<void(const Reply&)>;
  // Runs `argv` now for `connection`. nullopt when the instance is down (the request is lost, no
  // reply comes) or when the command blocks (WAIT): then `later` gets the reply, unless the
  // instance crashes first. Without `later`, a blocking command answers at once.
  std::optional<Reply> execute(const Command& argv, ConnectionId connection = 0,
                               LaterReply later = {});
  // INFO replication's fields as they stand.
  ReplicationInfo replication() const;

  void addReplica(RedisInstance& replica) { replicas_.push_back(&replica); }
  // The replication ID it has now (a replica: its master's).
  const std::string& replicationIdNow() const;
  void crash();
  void restart();
  void jumpClock(int64_t byMs);
  // A replica becomes a master: what it had not received from its old master is lost.
  void promote();

 private:
  struct Waiter {
    int64_t replicas;
    int64_t upTo;  // the offset they must have applied
    LaterReply reply;
  };

  std::vector<Reply> run(const std::vector<Command>& commands, bool inTransaction, int64_t now,
                         std::optional<CommandExecutor::BlockedWait>& blocked);
  void block(const CommandExecutor::BlockedWait& wait, LaterReply later);
  // Answers the WAITs whose replicas have all acknowledged.
  void wakeWaiters();
  void commit(std::vector<KeyChange>& changes, std::string_view how);
  void receive(const KeyChange& change, uint64_t linkEpoch);
  void armActiveExpiry();
  void activeExpiryCycle();
  void armFsync();
  void recordInstance(sim::RedisInstanceOp op, std::string detail);

  sim::World& world_;
  InstanceConfig config_;
  sim::WallClock clock_;
  Keyspace keys_;
  bool master_;
  bool up_ = true;
  uint64_t offset_ = 0;
  uint64_t incarnation_ = 0;  // bumped by a crash: timers of the old incarnation do nothing
  uint64_t linkEpoch_ = 0;    // bumped by crash and promotion: changes in flight to us are lost
  // Its scripts' math.random state: seeded once when the server process starts, never per script.
  uint64_t scriptRandom_ = LuaEngine::kFreshRandomState;
  ScriptCache scriptCache_;  // EVALSHA's scripts, lost with the process
  bool activeExpiryArmed_ = false;
  bool fsyncArmed_ = false;
  std::map<std::string, StoredValue, std::less<>> fsynced_;  // every_second: the last fsync
  std::vector<RedisInstance*> replicas_;
  const RedisInstance* masterOf_;  // a replica's master (kept after a promotion, unused then)
  sim::Micros downSince_ = 0;
  std::string replid_;                     // its own, new with each process
  std::string replid2_{kNoReplicationId};  // a promoted replica's old master's
  int64_t secondOffset_ = -1;
  std::map<ConnectionId, ClientConnection> connections_;  // lost with the process
  std::map<uint64_t, Waiter> waiters_;                    // blocked WAITs, by number
  uint64_t nextWaiter_ = 0;
};

}  // namespace lockscope::redis::model
