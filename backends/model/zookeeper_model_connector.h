// The lock clients' way to the ZooKeeper model: sessions come from a ZooKeeperModel in the same
// world, each client with a process of its own.
#pragma once

#include "backends/model/zookeeper/zookeeper_model.h"
#include "sim/clients/service_connector.h"

namespace lockscope::model {

class ZooKeeperModelConnector final : public clients::ServiceConnector {
 public:
  explicit ZooKeeperModelConnector(zookeeper::model::ZooKeeperModel& model) : model_(model) {}

  std::unique_ptr<zookeeper::ZooKeeperClient> connectZooKeeper(const std::string& clientName,
                                                               int64_t sessionTimeoutMs) override {
    return model_.connect(clientName, sessionTimeoutMs);
  }
  sim::Process& process(const std::string& clientName) override {
    return *model_.process(clientName);
  }

 private:
  zookeeper::model::ZooKeeperModel& model_;
};

}  // namespace lockscope::model
