#include "zookeeper_model.h"

namespace lockscope::zookeeper::model {

ZooKeeperModel::ZooKeeperModel(sim::World& world, ModelConfig config)
    : world_(world), config_(config), server_(world, config.server) {}

ZooKeeperModel::~ZooKeeperModel() = default;

std::unique_ptr<ZooKeeperClient> ZooKeeperModel::connect(const std::string& clientName,
                                                         int64_t requestedSessionTimeoutMs) {
  ClientSlot& slot = slots_[clientName];
  if (!slot.process) {
    // The client's machine: made on its first session and kept, so a restarted process or a
    // client opening a new session after expiry keeps its name, process and network path.
    slot.process = std::make_unique<sim::Process>(world_, clientName);
    slot.connection = std::make_unique<sim::Connection>(world_, clientName, config_.latency);
  }
  auto session = std::make_shared<ClientSession>(world_, *slot.process, *slot.connection, server_,
                                                 clientName, requestedSessionTimeoutMs);
  session->start();
  return std::make_unique<ModelClient>(std::move(session));
}

sim::Process* ZooKeeperModel::process(const std::string& clientName) {
  const auto found = slots_.find(clientName);
  return found == slots_.end() ? nullptr : found->second.process.get();
}

sim::Connection* ZooKeeperModel::connection(const std::string& clientName) {
  const auto found = slots_.find(clientName);
  return found == slots_.end() ? nullptr : found->second.connection.get();
}

}  // namespace lockscope::zookeeper::model
