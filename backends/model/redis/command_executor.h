// Executes one Redis command against a keyspace at one instant of the instance's clock, as the
// single-threaded server does: nothing else runs between its reads and writes, so a script is
// atomic simply by being one call here.
//
// Commands: SET key value [NX|XX] [PX ms|EX s], SETNX, GET, DEL key..., EXISTS, PEXPIRE, EXPIRE,
// PTTL, TTL, INCR, HINCRBY, HEXISTS, HGET, and EVAL script numkeys key... arg..., where the script
// is Lua source (lua_engine.h) or one of the lock scripts' names (backends/api/redis_scripts.h),
// which stands for its source.
#pragma once

#include <cstdint>
#include <vector>

#include "backends/api/redis_client.h"
#include "keyspace.h"

namespace lockscope::redis::model {

class CommandExecutor {
 public:
  // `scriptRandom`: the instance's math.random state (lua_engine.h), or null when it runs no
  // scripts.
  CommandExecutor(Keyspace& keys, int64_t nowMs, std::vector<KeyChange>& changes,
                  uint64_t* scriptRandom = nullptr)
      : keys_(keys), nowMs_(nowMs), changes_(changes), scriptRandom_(scriptRandom) {}

  Reply execute(const Command& argv);

  // The primitives, also used by scripts.
  Reply set(const std::string& key, const std::string& value, bool onlyIfMissing,
            bool onlyIfPresent, int64_t ttlMs);
  Reply get(const std::string& key);
  Reply del(const std::string& key);
  Reply pexpire(const std::string& key, int64_t ttlMs);
  Reply pttl(const std::string& key);
  Reply incr(const std::string& key);
  Reply hincrby(const std::string& key, const std::string& field, int64_t by);
  Reply hexists(const std::string& key, const std::string& field);
  bool exists(const std::string& key) { return keys_.find(key, nowMs_, changes_) != nullptr; }

 private:
  Reply executeScript(const Command& argv);
  Reply setCommand(const Command& argv);

  Keyspace& keys_;
  int64_t nowMs_;
  std::vector<KeyChange>& changes_;
  uint64_t* scriptRandom_;
};

// A command's name as Redis matches it, case-blind.
std::string upperCase(std::string text);
// "ERR wrong number of arguments for 'get' command", as Redis words it.
Reply wrongArity(const std::string& command);

}  // namespace lockscope::redis::model
