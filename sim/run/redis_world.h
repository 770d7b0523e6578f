// The Redis side of a scenario run (backend: redis): the deployment the `redis:` section
// describes, the clients' connector to it, and the faults that act on instances.
#pragma once

#include <memory>
#include <string>

#include "backends/model/redis/redis_deployment.h"
#include "redis_connector.h"
#include "sim/scenario/scenario.h"

namespace lockscope::run {

class RedisWorld {
 public:
  RedisWorld(sim::World& world, const scenario::Scenario& scenario);

  clients::ZooKeeperConnector& connector() { return connector_; }
  // nullptr before the client first connected.
  sim::Process* process(const std::string& clientName) { return deployment_.process(clientName); }
  redis::model::RedisDeployment& deployment() { return deployment_; }

  // Whether `fault` acts on an instance (and was injected here).
  bool inject(const scenario::Fault& fault);

 private:
  static redis::model::DeploymentConfig config(const scenario::Scenario& scenario);

  sim::World& world_;
  redis::model::RedisDeployment deployment_;
  RedisConnector connector_;
};

}  // namespace lockscope::run
