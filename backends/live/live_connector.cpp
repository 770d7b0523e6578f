#include "live_connector.h"

#include "live_zookeeper_client.h"

namespace lockscope::live {

LiveConnector::LiveConnector(sim::World& world, WorldInbox& inbox, HandleCloser& closer,
                             std::string servers, std::string chroot, bool faultProxy)
    : world_(world),
      inbox_(inbox),
      closer_(closer),
      servers_(std::move(servers)),
      chroot_(std::move(chroot)),
      faultProxy_(faultProxy) {}

LiveConnector::~LiveConnector() = default;

std::unique_ptr<zookeeper::ZooKeeperClient> LiveConnector::connectZooKeeper(
    const std::string& clientName, int64_t sessionTimeoutMs) {
  Slot& slot = slots_[clientName];
  if (slot.ahead) return std::move(slot.ahead);
  return open(slot, clientName, sessionTimeoutMs);
}

void LiveConnector::openAhead(const std::string& clientName, int64_t sessionTimeoutMs) {
  Slot& slot = slots_[clientName];
  slot.ahead = open(slot, clientName, sessionTimeoutMs);
}

void LiveConnector::closeUnused() {
  for (auto& [name, slot] : slots_) slot.ahead.reset();
}

bool LiveConnector::openedAheadConnected() const {
  for (const auto& [name, slot] : slots_) {
    if (slot.ahead && slot.ahead->state() != zookeeper::SessionState::SyncConnected) return false;
  }
  return true;
}

std::unique_ptr<zookeeper::ZooKeeperClient> LiveConnector::open(Slot& slot,
                                                                const std::string& clientName,
                                                                int64_t sessionTimeoutMs) {
  if (!slot.process) slot.process = std::make_unique<sim::Process>(world_, clientName);
  std::string connectTo = servers_;
  if (faultProxy_) {
    if (Result<std::unique_ptr<FaultProxy>> proxy = FaultProxy::open(servers_)) {
      connectTo = (*proxy)->connectString();
      slot.proxies.push_back(std::move(*proxy));
    } else if (proxyFailure_.empty()) {
      // This session goes straight to the servers; the backend ends the run on the failure.
      proxyFailure_ = clientName + "'s session: " + proxy.message();
    }
  }
  return std::make_unique<LiveZooKeeperClient>(world_, inbox_, closer_, slot.process.get(),
                                               clientName, connectTo + chroot_, sessionTimeoutMs);
}

sim::Process& LiveConnector::process(const std::string& clientName) {
  return *findProcess(clientName);
}

sim::Process* LiveConnector::findProcess(const std::string& clientName) {
  const auto it = slots_.find(clientName);
  return it == slots_.end() ? nullptr : it->second.process.get();
}

FaultProxy* LiveConnector::proxy(const std::string& clientName) {
  const auto it = slots_.find(clientName);
  return it == slots_.end() || it->second.proxies.empty() ? nullptr
                                                          : it->second.proxies.back().get();
}

}  // namespace lockscope::live
