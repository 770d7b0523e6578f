#include "live_run_setup.h"

#include "live_backend.h"
#include "live_credentials.h"
#include "live_probe.h"
#include "redis/live_redis_backend.h"
#include "redis/live_redis_scenario.h"
#include "redis/redis_blocking.h"
#include "server_address.h"
#include "server_control_program.h"

namespace lockscope::live {

run::RunBackendFactory liveBackendFor(const scenario::Scenario& scenario, LiveService service,
                                      const std::string& servers, int64_t connectTimeoutMs, bool faultProxy,
                                      std::string& error) {
  const auto addresses = parseServerList(servers, error);
  if (!addresses) return {};
  error = credentialsProblem();
  if (!error.empty()) return {};
  const std::string list = joinAddresses(*addresses);
  const std::optional<std::string> program = configuredServerControl();
  if (service == LiveService::Redis) {
    error = redis::liveRedisProblem(scenario, addresses->size());
    if (error.empty()) error = serverFaultProblem(scenario, program);
    if (!error.empty()) return {};
    return redis::liveRedisBackend({.servers = list,
                                    .connectTimeoutMs = connectTimeoutMs,
                                    .requestTimeoutMs = scenario.redis.requestTimeoutMs,
                                    .controlProgram = program.value_or("")});
  }
  if (scenario.backend != "zookeeper") {
    error = scenario.file + ": --live zk= runs backend: zookeeper scenarios, this one is backend: " +
            scenario.backend;
    return {};
  }
  error = serverFaultProblem(scenario, program);
  if (!error.empty()) return {};
  return liveBackend({.servers = list,
                      .connectTimeoutMs = connectTimeoutMs,
                      .faultProxy = faultProxy,
                      .controlProgram = program.value_or("")});
}

bool probeLiveServers(LiveService service, const std::string& servers, int64_t timeoutMs, std::string& error) {
  const auto addresses = parseServerList(servers, error);
  if (!addresses) return false;
  const std::string list = joinAddresses(*addresses);
  return service == LiveService::Redis ? redis::probeRedis(list, timeoutMs, error)
                                       : probeZooKeeper(list, timeoutMs, error);
}

}  // namespace lockscope::live
