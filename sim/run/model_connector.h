// ZooKeeperConnector over the model: sessions come from a ZooKeeperModel in the same world.
#pragma once

#include "backends/model/zookeeper/zookeeper_model.h"
#include "sim/clients/zookeeper_connector.h"

namespace lockscope::run {

class ModelConnector final : public clients::ZooKeeperConnector {
 public:
  explicit ModelConnector(zookeeper::model::ZooKeeperModel& model) : model_(model) {}

  std::unique_ptr<zookeeper::ZooKeeperClient> connect(const std::string& clientName,
                                                      int64_t sessionTimeoutMs) override {
    return model_.connect(clientName, sessionTimeoutMs);
  }
  sim::Process& process(const std::string& clientName) override {
    return *model_.process(clientName);
  }

 private:
  zookeeper::model::ZooKeeperModel& model_;
};

}  // namespace lockscope::run
