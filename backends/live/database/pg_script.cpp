#include "pg_script.h"

#include <libpq-fe.h>

#include <memory>

#include "pg_connect_params.h"

namespace lockscope::live::database {
namespace {

std::string firstLineOf(const char* text) {
  std::string line = text ? text : "";
  return line.substr(0, line.find('\n'));
}

}  // namespace

Result<std::vector<std::vector<std::string>>> runPgScript(
    const LiveSqlTarget& target, const std::vector<std::string>& statements) {
  const PgConnectParams params(target, false);
  const std::unique_ptr<PGconn, decltype(&PQfinish)> conn(
      PQconnectdbParams(params.keywords(), params.values(), 0), &PQfinish);
  const std::string server = "pg=" + target.address.text();
  if (!conn || PQstatus(conn.get()) != CONNECTION_OK) {
    return Status::failure(server + ": " +
                           (conn ? firstLineOf(PQerrorMessage(conn.get())) : "out of memory"));
  }
  PQsetNoticeProcessor(
      conn.get(), [](void*, const char*) {}, nullptr);
  std::vector<std::vector<std::string>> rows;
  for (const std::string& statement : statements) {
    const std::unique_ptr<PGresult, decltype(&PQclear)> result(
        PQexec(conn.get(), statement.c_str()), &PQclear);
    const ExecStatusType status = result ? PQresultStatus(result.get()) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
      return Status::failure(server + ": " + statement.substr(0, statement.find(' ', 7)) +
                             "... failed: " + firstLineOf(PQerrorMessage(conn.get())));
    }
    rows.clear();
    for (int row = 0; row < PQntuples(result.get()); ++row) {
      std::vector<std::string>& cells = rows.emplace_back();
      for (int column = 0; column < PQnfields(result.get()); ++column)
        cells.push_back(PQgetvalue(result.get(), row, column));
    }
  }
  return rows;
}

Result<bool> pgDeadlockTimeoutToSet(const LiveSqlTarget& target) {
  const auto facts = runPgScript(
      target, {"SELECT current_setting('is_superuser'), setting FROM pg_settings "
               "WHERE name = 'deadlock_timeout'"});
  if (!facts) return facts.status();
  if (facts->size() != 1 || facts->front().size() != 2)
    return Status::failure("pg=" + target.address.text() + ": cannot read deadlock_timeout");
  const std::string& server = facts->front()[1];  // in ms
  const std::string wanted = std::to_string(target.settings.deadlockTimeoutMs);
  if (server == wanted) return false;
  if (facts->front()[0] == "on") return true;
  return Status::failure("database.deadlock_timeout_ms " + wanted +
                         " needs a superuser role on pg=" + target.address.text() +
                         " (only a superuser may set deadlock_timeout; " + "the server's is " +
                         server + " ms)");
}

}  // namespace lockscope::live::database
