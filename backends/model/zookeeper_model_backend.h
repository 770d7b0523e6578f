// The ZooKeeper model as a run backend (backend: zookeeper, not live): one model server standing
// for the whole service, in the run's own world and virtual time.
//
//   RunOptions options{.backend = model::zookeeperModelBackend(scenario)};
//
// It makes the lock paths with a setup session before the clients start, and injects the
// scenario's faults into the model: processes, connections, sessions, the server.
#pragma once

#include <string>
#include <vector>

#include "backends/model/zookeeper/zookeeper_model.h"
#include "sim/run/run_backend.h"
#include "zookeeper_model_connector.h"

namespace lockscope::model {

class ZooKeeperModelBackend final : public run::RunBackend {
 public:
  ZooKeeperModelBackend(sim::World& world, zookeeper::model::ModelConfig config);

  std::string name() const override { return "model"; }
  clients::ServiceConnector& connector() override { return connector_; }
  void preparePaths(const std::vector<std::string>& paths, int64_t sessionTimeoutMs) override;
  void inject(const scenario::Fault& fault, clients::LockClient* client) override;
  bool runUntil(const std::function<bool()>& done, sim::Micros deadline) override {
    return world_.runUntil(done, deadline);
  }
  zookeeper::model::ZooKeeperModel& model() { return model_; }

 private:
  sim::World& world_;
  zookeeper::model::ZooKeeperModel model_;
  ZooKeeperModelConnector connector_{model_};
};

// The server's tick time and the network's latency come from `scenario`.
run::RunBackendFactory zookeeperModelBackend(const scenario::Scenario& scenario);

}  // namespace lockscope::model
