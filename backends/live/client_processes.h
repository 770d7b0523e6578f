// The lock clients of a live run whose connections are plain sockets (Redis, databases): each
// client's simulated process (its replies pause and stop with it) and every connection it opened,
// so that a crash can close them as the OS closes a dead process's sockets. `Connection` has
// drop().
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "sim/engine/process.h"
#include "sim/engine/world.h"

namespace lockscope::live {

template <typename Connection>
class ClientProcesses {
 public:
  explicit ClientProcesses(sim::World& world) : world_(world) {}

  // The client's process, made on first use.
  sim::Process& process(const std::string& clientName) {
    Slot& slot = slots_[clientName];
    if (!slot.process) slot.process = std::make_unique<sim::Process>(world_, clientName);
    return *slot.process;
  }
  // nullptr for a client that never connected.
  sim::Process* find(const std::string& clientName) {
    const auto found = slots_.find(clientName);
    return found == slots_.end() ? nullptr : found->second.process.get();
  }
  void add(const std::string& clientName, const std::shared_ptr<Connection>& connection) {
    slots_[clientName].connections.push_back(connection);
  }
  // Closes every connection the client opened that is still open.
  void drop(const std::string& clientName) {
    const auto found = slots_.find(clientName);
    if (found == slots_.end()) return;
    for (const auto& weak : found->second.connections) {
      if (auto connection = weak.lock()) connection->drop();
    }
  }
  void dropAll() {
    for (const auto& [name, slot] : slots_) drop(name);
  }
  // Every connection still open, of every client, in the clients' name order.
  std::vector<std::shared_ptr<Connection>> open() const {
    std::vector<std::shared_ptr<Connection>> connections;
    for (const auto& [name, slot] : slots_) {
      for (const auto& weak : slot.connections) {
        if (auto connection = weak.lock()) connections.push_back(std::move(connection));
      }
    }
    return connections;
  }

 private:
  struct Slot {
    std::unique_ptr<sim::Process> process;
    std::vector<std::weak_ptr<Connection>> connections;  // of every incarnation
  };

  sim::World& world_;
  std::map<std::string, Slot> slots_;
};

}  // namespace lockscope::live
