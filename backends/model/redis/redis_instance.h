// One Redis server: a keyspace on its own clock, a role (master or replica), a persistence mode,
// and up or down. It appends what happens to its keys to the trace (docs/trace-format in
// redis_trace.h), replicates every change to its replicas after the link's lag, and expires keys
// lazily (when touched) and actively (Redis' 10-per-second sampling).
//
// What a crash keeps depends on persistence: none keeps nothing, every_second keeps the last
// fsync (taken each second while writes come in), always keeps every acknowledged write.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "backends/api/redis_client.h"
#include "keyspace.h"
#include "lua_engine.h"
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

  // Runs `argv` now. nullopt when the instance is down: the request is lost, no reply comes.
  std::optional<Reply> execute(const Command& argv);

  void addReplica(RedisInstance& replica) { replicas_.push_back(&replica); }
  void crash();
  void restart();
  void jumpClock(int64_t byMs);
  // A replica becomes a master: what it had not received from its old master is lost.
  void promote();

 private:
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
};

}  // namespace lockscope::redis::model
