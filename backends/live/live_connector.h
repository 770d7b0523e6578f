// Sessions to a live ZooKeeper for the lock clients of a run. Each client gets a simulated process
// (its deliveries pause and stop with it) and each of its sessions a fault proxy of its own,
// through which the run's faults reach the wire.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "fault_proxy.h"
#include "handle_closer.h"
#include "sim/clients/service_connector.h"
#include "sim/engine/world.h"
#include "world_inbox.h"

namespace lockscope::live {

class LiveConnector final : public clients::ServiceConnector {
 public:
  // `faultProxy` false: sessions connect straight to `servers` and proxy() is always null.
  // `chroot` ("/lockscope/<run id>", or empty) is the root every session sees.
  LiveConnector(sim::World& world, WorldInbox& inbox, HandleCloser& closer, std::string servers,
                std::string chroot, bool faultProxy = true);
  ~LiveConnector() override;

  std::unique_ptr<zookeeper::ZooKeeperClient> connectZooKeeper(const std::string& clientName,
                                                               int64_t sessionTimeoutMs) override;
  sim::Process& process(const std::string& clientName) override;

  // Opens the client's first session ahead of time; its first connectZooKeeper() returns it.
  void openAhead(const std::string& clientName, int64_t sessionTimeoutMs);
  // Closes the sessions opened ahead that no client took (before the backend's closer goes).
  void closeUnused();
  // True when every session opened ahead is connected.
  bool openedAheadConnected() const;

  // nullptr for a client that never connected.
  sim::Process* findProcess(const std::string& clientName);
  // The proxy of the client's latest session; nullptr for a client that never connected.
  FaultProxy* proxy(const std::string& clientName);
  const std::string& servers() const { return servers_; }
  // Why a session could not have its fault proxy (out of file descriptors, say): the first
  // failure, one line; empty when every session got one.
  const std::string& proxyFailure() const { return proxyFailure_; }

 private:
  struct Slot {
    std::unique_ptr<sim::Process> process;
    // Every session's proxy, latest last: an old handle may still be closing through its own.
    std::vector<std::unique_ptr<FaultProxy>> proxies;
    std::unique_ptr<zookeeper::ZooKeeperClient> ahead;  // opened by openAhead, not yet taken
  };
  std::unique_ptr<zookeeper::ZooKeeperClient> open(Slot& slot, const std::string& clientName,
                                                   int64_t sessionTimeoutMs);

  sim::World& world_;
  WorldInbox& inbox_;
  HandleCloser& closer_;
  std::string servers_;
  std::string chroot_;
  bool faultProxy_;
  std::map<std::string, Slot> slots_;
  std::string proxyFailure_;
};

}  // namespace lockscope::live
