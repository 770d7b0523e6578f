// One model ZooKeeper server and the client processes talking to it, inside one World.
//
// connect() gives each client its own process (for crash / pause faults) and its own connection
// (for partitions and latency), both reachable by the client's name.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "backends/api/zookeeper_client.h"
#include "model_client.h"
#include "sim/engine/connection.h"
#include "sim/engine/process.h"
#include "sim/engine/world.h"
#include "zookeeper_server.h"

namespace lockscope::zookeeper::model {

struct ModelConfig {
  ServerConfig server;
  sim::LatencyRange latency{sim::Micros{200}, sim::Micros{800}};
};

class ZooKeeperModel {
 public:
  ZooKeeperModel(sim::World& world, ModelConfig config = {});
  ~ZooKeeperModel();

  // A new session for the client named `clientName`. The client's process and connection are
  // made on its first session and shared by its later ones.
  std::unique_ptr<ZooKeeperClient> connect(const std::string& clientName,
                                           int64_t requestedSessionTimeoutMs);

  ZooKeeperServer& server() { return server_; }
  // nullptr for an unknown client name.
  sim::Process* process(const std::string& clientName);
  sim::Connection* connection(const std::string& clientName);

 private:
  struct ClientSlot {
    std::unique_ptr<sim::Process> process;
    std::unique_ptr<sim::Connection> connection;
  };

  sim::World& world_;
  ModelConfig config_;
  ZooKeeperServer server_;
  // Slots outlive the sessions (in-flight messages may still name their connection); names are
  // stable keys, so lookups and any walk over them are deterministic.
  std::map<std::string, ClientSlot> slots_;
};

}  // namespace lockscope::zookeeper::model
