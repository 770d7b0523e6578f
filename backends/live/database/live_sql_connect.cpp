#include "live_sql_connect.h"

#include "pg_script.h"
#include "pg_sql_client.h"
#ifdef LOCKSCOPE_HAVE_MARIADB_CLIENT
#include "mariadb_sql_client.h"
#endif

namespace lockscope::live::database {

Status liveSqlClientBuilt(sql::Dialect dialect) {
#ifndef LOCKSCOPE_HAVE_MARIADB_CLIENT
  if (dialect == sql::Dialect::MariaDB)
    return Status::failure("--live mariadb=: the MariaDB client is not built yet");
#endif
  (void)dialect;
  return Status::success();
}

std::unique_ptr<LiveSqlClient> connectLiveSql(const LiveSqlTarget& target, sim::World& world,
                                              std::string clientName,
                                              LiveSqlClient::Deliver deliver) {
  switch (target.dialect) {
    case sql::Dialect::PostgreSQL:
      return std::make_unique<PgSqlClient>(target, world, std::move(clientName),
                                           std::move(deliver));
    case sql::Dialect::MariaDB:
#ifdef LOCKSCOPE_HAVE_MARIADB_CLIENT
      return std::make_unique<MariaDbSqlClient>(target, world, std::move(clientName),
                                                std::move(deliver));
#else
      break;  // refused before the run (liveSqlClientBuilt)
#endif
  }
  LOCKSCOPE_CHECK(false, "a live database client of a built dialect");
  return nullptr;
}

Result<std::vector<std::vector<std::string>>> runLiveSqlScript(
    const LiveSqlTarget& target, const std::vector<std::string>& statements) {
  switch (target.dialect) {
    case sql::Dialect::PostgreSQL: return runPgScript(target, statements);
    case sql::Dialect::MariaDB:
#ifdef LOCKSCOPE_HAVE_MARIADB_CLIENT
      return runMariaDbScript(target, statements);
#else
      break;
#endif
  }
  return Status::failure(liveSqlClientBuilt(target.dialect).message());
}

}  // namespace lockscope::live::database
