// The model Redis server behind `lockscope-cli redis-shell`: one instance's keyspace, script cache
// and math.random state, and the shell's one connection to it (its MULTI and WATCH state), run by
// the model's command executor, on a clock that follows real time.
//
// Why real time: a shell user (or a script piped in) writes `SET k v PX 1500`, waits, and expects
// `GET k` to answer as a server would. The clock starts at the wall clock's Unix time (so TIME,
// EXPIREAT and PXAT mean what they mean on a server) and then advances by a monotonic clock, so a
// wall-clock step during the session neither expires keys early nor keeps them alive.
//
// A command that blocks (WAIT for replicas the model does not have) does not make the shell wait:
// the model's clock moves on by the time the server would block, at once, as virtual time moves in
// the rest of the model. From then on the model's clock runs that far ahead of the wall clock.
#pragma once

#include <chrono>
#include <cstdint>

#include "backends/api/redis_client.h"
#include "backends/model/redis/client_connection.h"
#include "backends/model/redis/keyspace.h"
#include "backends/model/redis/replication_info.h"
#include "backends/model/redis/script_cache.h"

namespace lockscope::cli {

class RedisShellModel {
 public:
  RedisShellModel();

  // The reply, or a failed() one whose text says why there is none: a WAIT without a timeout,
  // which a server would block forever since no replica will ever acknowledge.
  redis::Reply execute(const redis::Command& argv);

  // The model's clock now: Unix milliseconds at start plus the monotonic time since, plus the time
  // blocking commands have moved it on.
  int64_t nowMs() const;
  // The keys as the model holds them (an expired key stays until a command touches it): what
  // the GUI's redis-cli console shows on its stage.
  const redis::model::Keyspace& keys() const { return keys_; }

 private:
  redis::model::Keyspace keys_{true};
  redis::model::ScriptCache scripts_;
  uint64_t scriptRandom_;
  // A master on its own, as a fresh redis-server is.
  const redis::model::ReplicationInfo replication_;
  int64_t startUnixMs_;
  std::chrono::steady_clock::time_point start_;
  int64_t blockedMs_ = 0;
  redis::model::ClientConnection connection_{keys_};
};

}  // namespace lockscope::cli
