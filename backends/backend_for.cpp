#include "backend_for.h"

#include <algorithm>

#include "backends/model/database_model_backend.h"
#include "backends/model/redis_model_backend.h"
#include "backends/model/zookeeper_model_backend.h"

namespace lockscope::backends {
namespace {

using Kind = scenario::Fault::Kind;

// A fault that acts on one client's session or process, as opposed to a server or an instance.
bool perClient(const scenario::Fault& fault) {
  switch (fault.kind) {
    case Kind::KillServer:
    case Kind::RestartServer:
    case Kind::KillInstance:
    case Kind::RestartInstance:
    case Kind::ClockJump:
    case Kind::Failover: return false;
    default: return true;
  }
}

}  // namespace

run::RunBackendFactory modelBackendFor(const scenario::Scenario& scenario) {
  if (scenario.backend == "redis") return model::redisModelBackend(scenario);
  if (scenario.backend == "database") return model::databaseModelBackend(scenario);
  return model::zookeeperModelBackend(scenario);
}

Result<run::RunBackendFactory> backendFor(const scenario::Scenario& scenario,
                                          const LiveChoice& live) {
  if (!live.live()) return modelBackendFor(scenario);
  // The fault-proxy rule, the same for the CLI and the GUI: live ZooKeeper sessions go through a
  // fault proxy each when the scenario has any per-client fault, since only a proxy carries those
  // to the wire. Without one they connect straight to the servers: one thread and two loopback
  // hops less per request. Server faults act on the servers and need no proxy.
  const bool faultProxy = std::any_of(scenario.faults.begin(), scenario.faults.end(), perClient);
  return live::liveBackendFor(scenario, liveServiceFor(scenario, live), live.servers,
                              live.connectTimeoutMs, faultProxy);
}

live::LiveService liveServiceFor(const scenario::Scenario& scenario, const LiveChoice& live) {
  if (live.service) return *live.service;
  if (scenario.backend == "redis") return live::LiveService::Redis;
  if (scenario.backend == "database") {
    return scenario.database.dialect == "mariadb" ? live::LiveService::MariaDB
                                                  : live::LiveService::PostgreSQL;
  }
  return live::LiveService::ZooKeeper;
}

}  // namespace lockscope::backends
