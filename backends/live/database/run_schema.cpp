#include "run_schema.h"

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

Status RunSchema::create(const std::vector<std::string>& lockNames) {
  if (const auto made = runLiveSqlScript(server_, {"CREATE SCHEMA " + name_}); !made)
    return made.status();
  created_ = true;
  LiveSqlTarget inside = server_;
  inside.schema = name_;
  const auto tables = runLiveSqlScript(inside,
                                       sql::schemaStatements(server_.dialect, {1}, lockNames));
  return tables ? Status::success() : tables.status();
}

Status RunSchema::drop() {
  if (!created_) return Status::success();
  created_ = false;
  // CASCADE: the tables in it, which only this run made. MariaDB's DROP SCHEMA drops a database
  // with its tables and takes no CASCADE.
  // PostgreSQL: a session of the run that is still waiting for a lock reads no socket, so it has
  // not noticed its client closed; it holds a lock on a table. Such sessions (only the run's own:
  // their application_name is the schema's name, their role ours) are ended first, and the drop
  // waits for their locks no longer than the connect timeout.
  const std::vector<std::string> statements =
      server_.dialect == sql::Dialect::PostgreSQL
          ? std::vector<std::string>{"SET lock_timeout = " +
                                         std::to_string(server_.connectTimeoutMs),
                                     "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                     "WHERE application_name = '" +
                                         name_ +
                                         "' AND usename = current_user "
                                         "AND pid <> pg_backend_pid()",
                                     "DROP SCHEMA " + name_ + " CASCADE"}
          : std::vector<std::string>{"DROP SCHEMA " + name_};
  const auto dropped = runLiveSqlScript(server_, statements);
  return dropped ? Status::success() : dropped.status();
}

}  // namespace lockscope::live::database
