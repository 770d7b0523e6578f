#include "live_redis_scenario.h"

namespace lockscope::live::redis {
namespace {

using scenario::Fault;

// Why a fault kind the Redis model injects is not injected live; empty for the rest (the fault
// table's services say which: sim/trace/fault_kinds.h). Faults no Redis run acts on (a
// ZooKeeper session's) are ignored live as on the model.
std::string modelOnlyReason(Fault::Kind kind) {
  if (sim::faultSupported(kind, sim::kRedisLive) || !sim::faultSupported(kind, sim::kRedisModel))
    return {};
  switch (kind) {
    case Fault::Kind::ClockJump:
      return "a live server's clock is the machine's and cannot be stepped for one instance";
    case Fault::Kind::Failover:
      return "the live servers are independent masters without replicas to promote";
    case Fault::Kind::Partition:
    case Fault::Kind::Heal: return "live Redis connections have no fault proxy; use crash or pause";
    default: return "only the model injects it";
  }
}

}  // namespace

Status liveRedisCanRun(const scenario::Scenario& scenario, size_t serverCount) {
  const std::string& file = scenario.file;
  if (scenario.backend != "redis") {
    return Status::failure(
        file +
        ": --live redis= runs backend: redis scenarios, this one is backend: " + scenario.backend);
  }
  for (const Fault& fault : scenario.faults) {
    const std::string reason = modelOnlyReason(fault.kind);
    if (!reason.empty()) {
      return Status::failure(fault.location.describe() + ": " +
                             scenario::faultKindName(fault.kind) + " is model-only (" + reason +
                             ")");
    }
  }
  if (scenario.redis.replicas > 0) {
    return Status::failure(
        file + ": redis.replicas is model-only (each live server is one independent master)");
  }
  if (scenario.redis.persistence != "none") {
    return Status::failure(file +
                           ": redis.persistence is model-only (the live servers' own configuration "
                           "decides; tests/support/redis-servers.sh starts them without any)");
  }
  const size_t instances = static_cast<size_t>(scenario.redis.instances);
  if (instances != serverCount) {
    return Status::failure(file + ": the scenario has " + std::to_string(instances) +
                           " Redis instance(s) (redis-1..redis-" + std::to_string(instances) +
                           ") but --live redis= names " + std::to_string(serverCount) +
                           " server(s)");
  }
  return Status::success();
}

}  // namespace lockscope::live::redis
