// The asynchronous database client API the database lock recipes use: one connection (a session)
// to a PostgreSQL or MariaDB server, from the deterministic model (backends/model/database) or a
// real server (backends/live/database: libpq's async API, MariaDB Connector/C's non-blocking API).
//
// Contract (as libpq without pipelining):
// - One statement at a time: execute() is called again only after the previous statement's
//   callback ran. The callback runs exactly once, later, on the caller's thread, never inside the
//   call.
// - A statement waiting for a lock waits until the server grants it, refuses it (NOWAIT, lock
//   timeout, deadlock victim) or ends the session; the client sets no timeout of its own.
// - A statement sent after the connection is gone fails with ConnectionLost, as does the one in
//   flight when it breaks.
// - Transactions are the server's: outside BEGIN each statement commits on its own (autocommit).
#pragma once

#include <functional>
#include <string>

#include "sql_types.h"

namespace lockscope::sql {

class SqlClient {
 public:
  using ResultCallback = std::function<void(const SqlResult&)>;

  virtual ~SqlClient() = default;

  virtual Dialect dialect() const = 0;
  // Runs `statement`; `done` gets its result.
  virtual void execute(Statement statement, ResultCallback done) = 0;
  // Whether this connection is known to be gone (a statement ended with ConnectionLost or
  // SessionTerminated): a client would open a new one, as a connection pool does. What the
  // client has seen, never what the server knows.
  virtual bool broken() const { return false; }
};

}  // namespace lockscope::sql
