// What a MariaDB error code means to the lessons (sql::SqlError), checked against a real
// MariaDB 10.11 by tests/tst_live_mariadb.cpp:
//   1062 ER_DUP_ENTRY               UniqueViolation
//   1205 ER_LOCK_WAIT_TIMEOUT       LockTimeout after innodb_lock_wait_timeout; also what
//                                   FOR UPDATE NOWAIT on a locked row returns (at once), which is
//                                   LockNotAvailable: only the statement tells the two apart
//   3572 ER_LOCK_NOWAIT             LockNotAvailable (MySQL's NOWAIT code; MariaDB 10.11 sends
//   1205) 1213 ER_LOCK_DEADLOCK           Deadlock 1927 ER_CONNECTION_KILLED, SessionTerminated:
//   the server ended the session (KILL, a 1053 ER_SERVER_SHUTDOWN           shutdown) 2006
//   CR_SERVER_GONE_ERROR,      ConnectionLost (client side) 2013 CR_SERVER_LOST, 2055 anything else
//   Other, with the server's message
#pragma once

#include <string>

#include "backends/api/sql_types.h"

namespace lockscope::live::database {

// The result of a statement that failed with `code`; `noWait`: the statement had NOWAIT.
sql::SqlResult mariaDbFailure(unsigned code, std::string message, bool noWait);

// Whether an error with `code` leaves the connection unusable.
bool mariaDbConnectionGone(unsigned code);

}  // namespace lockscope::live::database
