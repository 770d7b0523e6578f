// Blocking statements on a PostgreSQL connection of their own (libpq's synchronous API), for
// what a run does before its clients start and after they are gone: make and drop its schema,
// read what the role may set. runLiveSqlScript (live_sql_connect.h) dispatches here.
#pragma once

#include <string>
#include <vector>

#include "live_sql_connect.h"

namespace lockscope::live::database {

Result<std::vector<std::vector<std::string>>> runPgScript(
    const LiveSqlTarget& target, const std::vector<std::string>& statements);

// Whether the connections must set deadlock_timeout to target.settings' value (the server's own
// differs). A failure (one line) when they must and the role may not: only a superuser may set
// deadlock_timeout, and a run with another value than the lesson's would not be the lesson.
Result<bool> pgDeadlockTimeoutToSet(const LiveSqlTarget& target);

}  // namespace lockscope::live::database
