// What a PostgreSQL error means to the lessons: its SQLSTATE (and, for 55P03, its message) mapped
// to sql::SqlError. Facts of PostgreSQL 15, checked by tests/tst_live_pg.cpp on a real server.
#pragma once

#include <string_view>

#include "backends/api/sql_types.h"

namespace lockscope::live::database {

// 55P03 is both NOWAIT's "could not obtain lock on row in relation ..." (LockNotAvailable) and
// lock_timeout's "canceling statement due to lock timeout" (LockTimeout): the message tells.
// An empty SQLSTATE is libpq's own error: the connection broke.
sql::SqlError pgErrorKind(std::string_view sqlstate, std::string_view message);

}  // namespace lockscope::live::database
