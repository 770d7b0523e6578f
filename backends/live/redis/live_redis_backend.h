// Live mode for Redis scenarios: `lockscope-cli run|check --live redis=HOST:PORT,...`.
//
//   RunOptions options;
//   options.backend = live::redis::liveRedisBackend({.servers = "127.0.0.1:7001"});
//
// Instance i of the scenario (redis-i, a master) is the i-th server. The run's keys carry a prefix
// of their own, "lockscope:<run id>:" (redis_key_namespace.h): it starts from none of them, may
// share the servers with other runs and data, and deletes exactly its own keys when it ends. A
// server the run killed (kill_instance, through the user's control program) and did not restart
// is started again when the run ends. The world runs in real time in Qt's event loop (the
// caller needs a QCoreApplication). Check first with liveRedisCanRun (live_redis_scenario.h)
// and probeRedis (redis_blocking.h): this backend assumes both passed.
#pragma once

#include <cstdint>
#include <string>

#include "sim/engine/wall_clock.h"
#include "sim/run/run_backend.h"

namespace lockscope::live::redis {

struct LiveRedisSettings {
  std::string servers;              // "host:port[,host:port...]"
  int64_t connectTimeoutMs = 5000;  // deleting the run's keys, kill and restart of instances
  int64_t requestTimeoutMs =
      250;  // every client request's (the scenario's redis.request_timeout_ms)
  // kill_instance / restart_instance go through this program (server_control_program.h); empty:
  // such faults were refused before the run.
  std::string controlProgram;
  // The clients' clocks (redis.client_clocks): Redlock measures its validity with them.
  sim::ClientClockSpecs clientClocks;
};

run::RunBackendFactory liveRedisBackend(LiveRedisSettings settings);

}  // namespace lockscope::live::redis
