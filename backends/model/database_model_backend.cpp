#include "database_model_backend.h"

#include "backends/api/sql_scenario.h"
#include "process_faults.h"

namespace lockscope::model {

using scenario::Fault;

DatabaseModelBackend::DatabaseModelBackend(sim::World& world, sql::model::DatabaseConfig config,
                                           scenario::DatabaseSeed seed)
    : world_(world), database_(world, std::move(config)), seed_(std::move(seed)) {}

void DatabaseModelBackend::preparePaths(const std::vector<std::string>&, int64_t) {
  database_.server().seed(seed_.inventoryRows, seed_.lockNames);
}

void DatabaseModelBackend::inject(const Fault& fault, clients::LockClient* client) {
  switch (fault.kind) {
    case Fault::Kind::KillServer: database_.server().kill(); return;
    case Fault::Kind::RestartServer: database_.server().restart(); return;
    default: break;
  }
  sim::Process* process = database_.process(fault.client);
  if (!process || !client) {
    noteClientNotStarted(world_, fault.client);
    return;
  }
  if (injectProcessFault(fault, *process, *client)) {
    if (fault.kind == Fault::Kind::Crash) database_.clientCrashed(fault.client);
    return;
  }
  if (fault.kind == Fault::Kind::Partition || fault.kind == Fault::Kind::Heal)
    database_.partitionClient(fault.client, fault.kind == Fault::Kind::Partition);
  // expire_session, lose_reply: ZooKeeper's; instance faults: Redis'.
}

run::RunBackendFactory databaseModelBackend(const scenario::Scenario& scenario) {
  sql::model::DatabaseConfig config;
  config.server.dialect = sql::dialectOf(scenario.database);
  config.server.settings = sql::sessionSettingsOf(scenario.database);
  config.server.keepalive = sim::fromMillis(scenario.database.keepaliveMs);
  config.latency = scenario.latency;
  config.clientClocks = scenario.database.clientClocks;
  return [config, seed = scenario::databaseSeed(scenario)](
             sim::World& world) -> std::unique_ptr<run::RunBackend> {
    return std::make_unique<DatabaseModelBackend>(world, config, seed);
  };
}

}  // namespace lockscope::model
