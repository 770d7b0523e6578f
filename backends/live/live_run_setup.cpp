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

Result<run::RunBackendFactory> liveBackendFor(const scenario::Scenario& scenario,
                                              LiveService service, const std::string& servers,
                                              int64_t connectTimeoutMs, bool faultProxy) {
  const auto addresses = parseServerList(servers);
  if (!addresses) return addresses.status();
  // The checks below say what is wrong as text, empty when nothing is.
  std::string error = credentialsProblem();
  if (!error.empty()) return Status::failure(error);
  const std::string list = joinAddresses(*addresses);
  const std::optional<std::string> program = configuredServerControl();
  if (service == LiveService::Redis) {
    error = redis::liveRedisProblem(scenario, addresses->size());
    if (error.empty()) error = serverFaultProblem(scenario, program);
    if (!error.empty()) return Status::failure(error);
    return redis::liveRedisBackend({.servers = list,
                                    .connectTimeoutMs = connectTimeoutMs,
                                    .requestTimeoutMs = scenario.redis.requestTimeoutMs,
                                    .controlProgram = program.value_or("")});
  }
  if (scenario.backend != "zookeeper") {
    return Status::failure(
        scenario.file +
        ": --live zk= runs backend: zookeeper scenarios, this one is backend: " + scenario.backend);
  }
  error = serverFaultProblem(scenario, program);
  if (!error.empty()) return Status::failure(error);
  return liveBackend({.servers = list,
                      .connectTimeoutMs = connectTimeoutMs,
                      .faultProxy = faultProxy,
                      .controlProgram = program.value_or("")});
}

Status probeLiveServers(LiveService service, const std::string& servers, int64_t timeoutMs) {
  const auto addresses = parseServerList(servers);
  if (!addresses) return addresses.status();
  const std::string list = joinAddresses(*addresses);
  return service == LiveService::Redis ? redis::probeRedis(list, timeoutMs)
                                       : probeZooKeeper(list, timeoutMs);
}

}  // namespace lockscope::live
