// The Redis model as a run backend (backend: redis, not live): the deployment the scenario's
// `redis:` section describes, in the run's own world and virtual time.
//
//   RunOptions options{.backend = model::redisModelBackend(scenario)};
//
// Made after the run's trace sinks (RunBackendFactory): the instances' first events (role, clock)
// are part of the trace. Redis has no paths to make; faults act on the clients' processes and
// network paths, and on the instances (kill, restart, clock jump, failover).
#pragma once

#include <memory>
#include <string>

#include "backends/model/redis/redis_deployment.h"
#include "redis_model_connector.h"
#include "sim/run/run_backend.h"
#include "sim/scenario/scenario.h"

namespace lockscope::model {

class RedisModelBackend final : public run::RunBackend {
 public:
  RedisModelBackend(sim::World& world, const redis::model::DeploymentConfig& config);

  std::string name() const override { return "model"; }
  clients::ServiceConnector& connector() override { return connector_; }
  void preparePaths(const std::vector<std::string>&, int64_t) override {}
  void inject(const scenario::Fault& fault, clients::LockClient* client) override;
  bool runUntil(const std::function<bool()>& done, sim::Micros deadline) override {
    return world_.runUntil(done, deadline);
  }

 private:
  // Whether `fault` acts on an instance (and was injected here).
  bool injectInstanceFault(const scenario::Fault& fault);

  sim::World& world_;
  redis::model::RedisDeployment deployment_;
  RedisModelConnector connector_{deployment_};
};

// The deployment (instances, replicas, lag, persistence, clocks) and latency come from `scenario`.
run::RunBackendFactory redisModelBackend(const scenario::Scenario& scenario);

}  // namespace lockscope::model
