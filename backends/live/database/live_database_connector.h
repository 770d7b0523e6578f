// Connections to a live database server for the lock clients of a run: each client gets a
// simulated process (its replies pause and stop with it) and, per connectSql(), one real
// connection of the target's dialect. A client's local clock is the world's, which in a live run
// is real time, skewed as the scenario's database.client_clocks say.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "backends/live/client_processes.h"
#include "backends/live/world_inbox.h"
#include "live_sql_connect.h"
#include "sim/clients/service_connector.h"
#include "sim/engine/wall_clock.h"
#include "sim/engine/world.h"

namespace lockscope::live::database {

class LiveDatabaseConnector final : public clients::ServiceConnector {
 public:
  LiveDatabaseConnector(sim::World& world, WorldInbox& inbox, LiveSqlTarget target,
                        sim::ClientClockSpecs clientClocks);

  // Where the next connections go; the backend fills in the run's schema before the clients
  // start.
  LiveSqlTarget& target() { return target_; }

  std::unique_ptr<sql::SqlClient> connectSql(const std::string& clientName) override;
  sim::Process& process(const std::string& clientName) override {
    return clients_.process(clientName);
  }
  int64_t localClockMs(const std::string& clientName) override {
    return sim::clientClockMs(clientClocks_, clientName, world_.now());
  }

  // nullptr for a client that never connected.
  sim::Process* findProcess(const std::string& clientName) { return clients_.find(clientName); }
  // A crashed client's connections close, as the OS closes a dead process's sockets.
  void dropConnections(const std::string& clientName) { clients_.drop(clientName); }
  // Every connection, at the run's end: the server then ends their sessions and frees their
  // locks before the run's schema is dropped.
  void dropAll() { clients_.dropAll(); }
  // Every client's connections still open (the statement sync reads their statements).
  std::vector<std::shared_ptr<LiveSqlClient>> connections() const { return clients_.open(); }

 private:
  sim::World& world_;
  WorldInbox& inbox_;
  LiveSqlTarget target_;
  sim::ClientClockSpecs clientClocks_;
  ClientProcesses<LiveSqlClient> clients_;
};

}  // namespace lockscope::live::database
