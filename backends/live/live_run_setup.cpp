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
  if (Status usable = credentialsUsable(); !usable) return usable;
  const std::string list = joinAddresses(*addresses);
  const std::optional<std::string> program = configuredServerControl();
  if (service == LiveService::Redis) {
    if (Status runs = redis::liveRedisCanRun(scenario, addresses->size()); !runs) return runs;
    if (Status runs = serverFaultsCanRun(scenario, program); !runs) return runs;
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
  if (Status runs = serverFaultsCanRun(scenario, program); !runs) return runs;
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
