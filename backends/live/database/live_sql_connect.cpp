#include "live_sql_connect.h"

#include "mariadb_sql_client.h"
#include "pg_script.h"
#include "pg_sql_client.h"

namespace lockscope::live::database {

std::unique_ptr<LiveSqlClient> connectLiveSql(const LiveSqlTarget& target, sim::World& world,
                                              std::string clientName,
                                              LiveSqlClient::Deliver deliver) {
  switch (target.dialect) {
    case sql::Dialect::PostgreSQL:
      return std::make_unique<PgSqlClient>(target, world, std::move(clientName),
                                           std::move(deliver));
    case sql::Dialect::MariaDB:
      return std::make_unique<MariaDbSqlClient>(target, world, std::move(clientName),
                                                std::move(deliver));
  }
  LOCKSCOPE_CHECK(false, "a live database client of a known dialect");
  return nullptr;
}

Result<std::vector<std::vector<std::string>>> runLiveSqlScript(
    const LiveSqlTarget& target, const std::vector<std::string>& statements) {
  switch (target.dialect) {
    case sql::Dialect::PostgreSQL: return runPgScript(target, statements);
    case sql::Dialect::MariaDB: return runMariaDbScript(target, statements);
  }
  return Status::failure("a live database script of an unknown dialect");
}

}  // namespace lockscope::live::database
