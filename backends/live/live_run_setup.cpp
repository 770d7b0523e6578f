#include "live_run_setup.h"

#include "backends/api/sql_scenario.h"
#include "sim/recipes/lock_recipe.h"
#include "sim/scenario/database_seed.h"

#include "database/database_address.h"
#include "database/live_database_backend.h"
#include "database/live_database_scenario.h"
#include "live_backend.h"
#include "live_credentials.h"
#include "live_probe.h"
#include "redis/live_redis_backend.h"
#include "redis/live_redis_scenario.h"
#include "redis/redis_blocking.h"
#include "server_address.h"
#include "server_control_program.h"

namespace lockscope::live {
namespace {

std::optional<sql::Dialect> databaseDialect(LiveService service) {
  switch (service) {
    case LiveService::PostgreSQL: return sql::Dialect::PostgreSQL;
    case LiveService::MariaDB: return sql::Dialect::MariaDB;
    default: return std::nullopt;
  }
}

// The server of `--live pg=` / `--live mariadb=`, as a connection target without a schema.
Result<database::LiveSqlTarget> databaseTarget(sql::Dialect dialect, const std::string& server,
                                               int64_t connectTimeoutMs) {
  auto address = database::parseDatabaseAddress(server);
  if (!address) return address.status();
  return database::LiveSqlTarget{
      .dialect = dialect, .address = std::move(*address), .connectTimeoutMs = connectTimeoutMs};
}

Result<run::RunBackendFactory> liveDatabaseBackendFor(const scenario::Scenario& scenario,
                                                      sql::Dialect dialect,
                                                      const std::string& server,
                                                      int64_t connectTimeoutMs) {
  auto target = databaseTarget(dialect, server, connectTimeoutMs);
  if (!target) return target.status();
  if (Status usable = credentialsUsable(); !usable) return usable;
  if (Status runs = database::liveDatabaseCanRun(scenario, dialect); !runs) return runs;
  target->settings = sql::sessionSettingsOf(scenario.database);
  return database::liveDatabaseBackend({.target = *target,
                                        .file = scenario.file,
                                        .scenarioDialect = scenario.database.dialect,
                                        .seed = scenario::databaseSeed(scenario),
                                        .clientClocks = scenario.database.clientClocks,
                                        .syncStatements = scenario.database.syncStatements});
}

}  // namespace

Result<run::RunBackendFactory> liveBackendFor(const scenario::Scenario& scenario,
                                              LiveService service, const std::string& servers,
                                              int64_t connectTimeoutMs, bool faultProxy) {
  if (const auto dialect = databaseDialect(service))
    return liveDatabaseBackendFor(scenario, *dialect, servers, connectTimeoutMs);
  const auto addresses = parseServerList(servers);
  if (!addresses) return addresses.status();
  if (Status usable = credentialsUsable(); !usable) return usable;
  const std::string list = joinAddresses(*addresses);
  const std::optional<std::string> program = configuredServerControl();
  if (service == LiveService::Redis) {
    if (Status runs = redis::liveRedisCanRun(scenario, addresses->size()); !runs) return runs;
    if (Status runs = serverFaultsCanRun(scenario, program); !runs) return runs;
    return redis::liveRedisBackend({.servers = list,
                                    .connectTimeoutMs = connectTimeoutMs,
                                    .requestTimeoutMs = scenario.redis.requestTimeoutMs,
                                    .controlProgram = program.value_or(""),
                                    .clientClocks = scenario.redis.clientClocks});
  }
  if (scenario.backend != "zookeeper") {
    return Status::failure(
        scenario.file +
        ": --live zk= runs backend: zookeeper scenarios, this one is backend: " + scenario.backend);
  }
  // A recipe that needs a call the C client lacks is refused here, not left to fail each call.
  if (const auto* recipe = recipes::findRecipe(scenario.recipe);
      recipe && !recipe->modelOnly.empty())
    return Status::failure(scenario.file + ": " + scenario.recipe +
                           " runs on the model only: " + std::string(recipe->modelOnly));
  if (Status runs = serverFaultsCanRun(scenario, program); !runs) return runs;
  return liveBackend({.servers = list,
                      .connectTimeoutMs = connectTimeoutMs,
                      .faultProxy = faultProxy,
                      .controlProgram = program.value_or("")});
}

Status probeLiveServers(LiveService service, const std::string& servers, int64_t timeoutMs) {
  if (const auto dialect = databaseDialect(service)) {
    auto target = databaseTarget(*dialect, servers, timeoutMs);
    if (!target) return target.status();
    const auto answered = database::runLiveSqlScript(*target, {"SELECT 1"});
    return answered ? Status::success() : answered.status();
  }
  const auto addresses = parseServerList(servers);
  if (!addresses) return addresses.status();
  const std::string list = joinAddresses(*addresses);
  return service == LiveService::Redis ? redis::probeRedis(list, timeoutMs)
                                       : probeZooKeeper(list, timeoutMs);
}

}  // namespace lockscope::live
