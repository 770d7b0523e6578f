#include "lock_waits.h"

#include <charconv>

namespace lockscope::live::database {
namespace {

const char* waitingSessionsQuery(sql::Dialect dialect) {
  switch (dialect) {
    case sql::Dialect::PostgreSQL:
      return "SELECT pid FROM pg_stat_activity WHERE cardinality(pg_blocking_pids(pid)) > 0";
    case sql::Dialect::MariaDB:
      return "SELECT t.trx_mysql_thread_id FROM information_schema.INNODB_LOCK_WAITS w "
             "JOIN information_schema.INNODB_TRX t ON t.trx_id = w.requesting_trx_id";
  }
  return "";
}

}  // namespace

std::chrono::milliseconds lockWaitsRefreshInterval(sql::Dialect dialect) {
  return std::chrono::milliseconds(dialect == sql::Dialect::MariaDB ? 110 : 3);
}

Result<std::vector<int64_t>> sessionsWaitingForLocks(const LiveSqlTarget& target) {
  const auto rows = runLiveSqlScript(target, {waitingSessionsQuery(target.dialect)});
  if (!rows) return rows.status();
  std::vector<int64_t> sessions;
  for (const std::vector<std::string>& row : *rows) {
    int64_t session = 0;
    if (row.empty()) continue;
    const std::string& cell = row[0];
    if (std::from_chars(cell.data(), cell.data() + cell.size(), session).ec == std::errc())
      sessions.push_back(session);
  }
  return sessions;
}

}  // namespace lockscope::live::database
