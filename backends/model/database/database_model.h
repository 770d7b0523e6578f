// The database side of a simulated world: one server and the client machines that talk to it,
// each with its process, its network path to the server and its wall clock.
//
// A client's connection is a session on the server. When the client's process crashes, its
// kernel closes the socket and the server ends the session one network hop later (its open
// transaction rolled back, its locks freed, advisory ones too). A partition cuts the path both
// ways: the server notices only when keepalive gives up, and the client only when the partition
// heals and its next packet meets a reset.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "database_server.h"
#include "model_sql_client.h"
#include "sim/engine/connection.h"
#include "sim/engine/process.h"
#include "sim/engine/wall_clock.h"

namespace lockscope::sql::model {

struct DatabaseConfig {
  ServerConfig server;
  sim::LatencyRange latency{sim::fromMillis(1), sim::fromMillis(2)};
  std::map<std::string, sim::ClockSpec> clientClocks;  // by client name
};

class DatabaseModel {
 public:
  DatabaseModel(sim::World& world, DatabaseConfig config);

  DatabaseServer& server() { return server_; }
  // A new session for `clientName`. Its process and network path are made on the first call and
  // kept (a restarted client reuses them).
  std::unique_ptr<SqlClient> connect(const std::string& clientName);
  // nullptr for a client that never connected.
  sim::Process* process(const std::string& clientName);
  int64_t clientClockMs(const std::string& clientName) const;

  // The client's process crashed: the server hears the socket close.
  void clientCrashed(const std::string& clientName);
  void partitionClient(const std::string& clientName, bool cut);

 private:
  struct ClientSlot {
    std::unique_ptr<sim::Process> process;
    std::unique_ptr<sim::Connection> connection;
    SessionId session = 0;             // the latest
    std::weak_ptr<SqlRequestLog> log;  // the latest connection's
  };

  sim::World& world_;
  DatabaseConfig config_;
  DatabaseServer server_;
  std::map<std::string, ClientSlot> clients_;
};

}  // namespace lockscope::sql::model
