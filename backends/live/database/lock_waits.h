// Which sessions of a live database server are waiting for a lock right now, in the server's own
// words: PostgreSQL's pg_blocking_pids() (row, transaction and advisory locks alike) and MariaDB's
// information_schema.INNODB_LOCK_WAITS (row, gap and insert-intention locks). The statement sync
// (statement_sync.h) asks it whether a statement it sent is really blocked.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "live_sql_connect.h"

namespace lockscope::live::database {

// The server's ids of the waiting sessions (PostgreSQL backend pids, MariaDB thread ids), asked
// on a short connection of its own. A failure (one line) says why the server would not tell:
// MariaDB shows INNODB_LOCK_WAITS only to a user with the PROCESS privilege.
Result<std::vector<int64_t>> sessionsWaitingForLocks(const LiveSqlTarget& target);

// How often the server may usefully be asked again. InnoDB answers from a cache of its lock
// tables that it refreshes only when nobody read it for 100 ms (trx0i_s.cc, CACHE_MIN_IDLE_TIME):
// asked more often, it repeats its first answer forever.
std::chrono::milliseconds lockWaitsRefreshInterval(sql::Dialect dialect);

}  // namespace lockscope::live::database
