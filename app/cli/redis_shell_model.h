// The model Redis server behind `lockscope-cli redis-shell`: one instance's keyspace, script cache
// and math.random state, and the shell's one connection to it (its MULTI and WATCH state), run by
// the model's command executor, on a clock that follows real time.
//
// Why real time: a shell user (or a script piped in) writes `SET k v PX 1500`, waits, and expects
// `GET k` to answer as a server would. The clock starts at the wall clock's Unix time (so TIME,
// EXPIREAT and PXAT mean what they mean on a server) and then advances by a monotonic clock, so a
// wall-clock step during the session neither expires keys early nor keeps them alive.
#pragma once

#include <chrono>
#include <cstdint>

#include "backends/api/redis_client.h"
#include "backends/model/redis/client_connection.h"
#include "backends/model/redis/keyspace.h"
#include "backends/model/redis/script_cache.h"

namespace lockscope::cli {

class RedisShellModel {
 public:
  RedisShellModel();

  redis::Reply execute(const redis::Command& argv);

  // The model's clock now: Unix milliseconds at start plus the monotonic time since.
  int64_t nowMs() const;
  // The keys as the model holds them (an expired key stays until a command touches it): what
  // the GUI's redis-cli console shows on its stage.
  const redis::model::Keyspace& keys() const { return keys_; }

 private:
  redis::model::Keyspace keys_{true};
  redis::model::ScriptCache scripts_;
  uint64_t scriptRandom_;
  int64_t startUnixMs_;
  std::chrono::steady_clock::time_point start_;
  redis::model::ClientConnection connection_{keys_, scripts_, scriptRandom_};
};

}  // namespace lockscope::cli
