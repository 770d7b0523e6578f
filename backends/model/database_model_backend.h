// The database model as a run backend (backend: database, not live): one server following the
// scenario's `database:` dialect and settings, in the run's own world and virtual time.
//
//   RunOptions options{.backend = model::databaseModelBackend(scenario)};
//
// The tables are seeded when the run prepares its paths (scenario::databaseSeed: the inventory
// rows and a fence token row per lock name). Faults act on the clients' processes (a crash closes
// the connection), their network paths (a partition ends the session at keepalive), and the server
// (kill_server, restart_server: every session ends).
#pragma once

#include <memory>
#include <string>

#include "backends/model/database/database_model.h"
#include "sim/run/run_backend.h"
#include "sim/scenario/database_seed.h"
#include "sim/scenario/scenario.h"

namespace lockscope::model {

class DatabaseModelConnector final : public clients::ServiceConnector {
 public:
  explicit DatabaseModelConnector(sql::model::DatabaseModel& database) : database_(database) {}

  std::unique_ptr<sql::SqlClient> connectSql(const std::string& clientName) override {
    return database_.connect(clientName);
  }
  sim::Process& process(const std::string& clientName) override {
    return *database_.process(clientName);
  }
  int64_t localClockMs(const std::string& clientName) override {
    return database_.clientClockMs(clientName);
  }

 private:
  sql::model::DatabaseModel& database_;
};

class DatabaseModelBackend final : public run::RunBackend {
 public:
  DatabaseModelBackend(sim::World& world, sql::model::DatabaseConfig config,
                       scenario::DatabaseSeed seed);

  std::string name() const override { return "model"; }
  clients::ServiceConnector& connector() override { return connector_; }
  void preparePaths(const std::vector<std::string>&, int64_t) override;
  void inject(const scenario::Fault& fault, clients::LockClient* client) override;
  bool runUntil(const std::function<bool()>& done, sim::Micros deadline) override {
    return world_.runUntil(done, deadline);
  }

 private:
  sim::World& world_;
  sql::model::DatabaseModel database_;
  DatabaseModelConnector connector_{database_};
  scenario::DatabaseSeed seed_;
};

// The dialect, settings, latency and client clocks come from `scenario`.
run::RunBackendFactory databaseModelBackend(const scenario::Scenario& scenario);

}  // namespace lockscope::model
