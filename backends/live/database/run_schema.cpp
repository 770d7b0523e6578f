#include "run_schema.h"

#include <algorithm>
#include <cstdio>

#include "backends/api/sql_statements.h"
#include "backends/live/live_namespace.h"

namespace lockscope::live::database {

RunSchema::RunSchema(LiveSqlTarget server)
    : server_(std::move(server)), name_("lockscope_" + newRunId()) {
  server_.schema.clear();
}

RunSchema::~RunSchema() {
  const Status dropped = drop();
  if (!dropped)
    std::fprintf(stderr, "live database, after the run: %s\n", dropped.message().c_str());
}

Status RunSchema::create(const scenario::DatabaseSeed& seed) {
  // MariaDB's schema is a database; CREATE SCHEMA would do too, but says less.
  const std::string make =
      (server_.dialect == sql::Dialect::MariaDB ? "CREATE DATABASE " : "CREATE SCHEMA ") + name_;
  if (const auto made = runLiveSqlScript(server_, {make}); !made) return made.status();
  created_ = true;
  LiveSqlTarget inside = server_;
  inside.schema = name_;
  const auto tables = runLiveSqlScript(
      inside, sql::schemaStatements(server_.dialect, seed.inventoryRows, seed.lockNames));
  return tables ? Status::success() : tables.status();
}

Status RunSchema::drop() {
  if (!created_) return Status::success();
  created_ = false;
  return server_.dialect == sql::Dialect::PostgreSQL ? dropPostgreSqlSchema()
                                                     : dropMariaDbDatabase();
}

// CASCADE: the tables in it, which only this run made.
// A session of the run that is still waiting for a lock reads no socket, so it has not noticed
// its client closed; it holds a lock on a table. Such sessions (only the run's own: their
// application_name is the schema's name, their role ours) are ended first, and the drop waits
// for their locks no longer than the connect timeout.
Status RunSchema::dropPostgreSqlSchema() {
  const auto dropped = runLiveSqlScript(
      server_, {"SET lock_timeout = " + std::to_string(server_.connectTimeoutMs),
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE application_name = '" +
                    name_ +
                    "' AND usename = current_user "
                    "AND pid <> pg_backend_pid()",
                "DROP SCHEMA " + name_ + " CASCADE"});
  return dropped ? Status::success() : dropped.status();
}

// DROP DATABASE drops its tables with it. As on PostgreSQL, a session of the run waiting for a
// row lock does not notice its client closed, and its metadata lock would hold the drop: the
// run's own sessions (those whose default database is the run's, under our user; a user may
// always see and end its own) are ended first, and the drop waits for the metadata locks no
// longer than the connect timeout.
Status RunSchema::dropMariaDbDatabase() {
  const auto sessions = runLiveSqlScript(
      server_, {"SELECT ID FROM information_schema.PROCESSLIST WHERE DB = '" + name_ +
                "' AND USER = SUBSTRING_INDEX(CURRENT_USER(), '@', 1) AND ID <> CONNECTION_ID()"});
  if (!sessions) return sessions.status();
  std::vector<std::string> statements;
  for (const std::vector<std::string>& row : *sessions) {
    // An ID is the server's: only digits go into the statement.
    if (row.size() != 1 || row[0].empty() ||
        row[0].find_first_not_of("0123456789") != std::string::npos)
      return Status::failure("mariadb=" + server_.address.text() +
                             ": cannot read the run's sessions to end them");
    statements.push_back("KILL CONNECTION " + row[0]);
  }
  const int64_t waitS = std::max<int64_t>(1, (server_.connectTimeoutMs + 999) / 1000);
  // KILL fails for a session that ended meanwhile (its client's close arrived): no matter.
  for (const std::string& kill : statements) (void)runLiveSqlScript(server_, {kill});
  const auto dropped = runLiveSqlScript(
      server_,
      {"SET SESSION lock_wait_timeout = " + std::to_string(waitS), "DROP DATABASE " + name_});
  return dropped ? Status::success() : dropped.status();
}

}  // namespace lockscope::live::database
