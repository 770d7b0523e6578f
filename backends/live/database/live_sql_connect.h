// The seam between the live database backend and the clients of each dialect: PostgreSQL's
// PgSqlClient (libpq) and MariaDB's MariaDbSqlClient (mariadb_sql_client.h, MariaDB
// Connector/C). A client of a new dialect is one class with the constructor
//
//   XSqlClient(const LiveSqlTarget& target, sim::World& world, std::string clientName,
//              LiveSqlClient::Deliver deliver);
//
// and its blocking script runner
//
//   Result<std::vector<std::vector<std::string>>> runMariaDbScript(
//       const LiveSqlTarget& target, const std::vector<std::string>& statements);
//
// both declared in mariadb_sql_client.h (PostgreSQL's in pg_sql_client.h and pg_script.h), and
// one case in each switch of live_sql_connect.cpp.
// Both run on Qt's event loop on the world's thread: one QSocketNotifier per connection, no
// thread per client.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "backends/api/sql_client.h"
#include "database_address.h"
#include "sim/engine/status.h"
#include "sim/engine/world.h"

namespace lockscope::live::database {

// Where and how a connection goes. The login (user, password) is not here: each client reads it
// from live_credentials.h itself, so that no copy of a secret travels through settings.
struct LiveSqlTarget {
  sql::Dialect dialect = sql::Dialect::PostgreSQL;
  DatabaseAddress address;
  // The run's own schema (PostgreSQL: the connection's search_path; MariaDB: its database), so
  // that the SQL text stays exactly sql::sqlText's. Empty: the server's default.
  std::string schema;
  sql::SessionSettings settings;
  // PostgreSQL: deadlock_timeout is set only for a role that may (a superuser); the backend
  // checks that before the run (liveSqlSettingsUsable).
  bool setDeadlockTimeout = false;
  int64_t connectTimeoutMs = 5000;
};

// A live connection: the sql::SqlClient contract, plus what a fault does to it.
class LiveSqlClient : public sql::SqlClient {
 public:
  // Hands a finished statement's reply (its Reply event and callback) to the world's thread: the
  // backend's goes through the run's inbox and the client's process (held while it is paused,
  // dropped once it crashed). Empty: run it at once (the client calls it from Qt's event loop,
  // never inside execute()).
  using Deliver = std::function<void(std::function<void()> reply)>;

  // Closes the connection abruptly, as the kernel closes a crashed process's socket: no goodbye
  // to the server, which then ends the session (and frees its locks). The statement in flight,
  // and every later one, fails with ConnectionLost.
  virtual void drop() = 0;

  // For the statement sync (statement_sync.h):
  virtual const std::string& clientName() const = 0;
  // The number (from 1, per connection) of the recipe statement sent and not answered yet by the
  // server, also while it waits for the connection; 0 when there is none. An answer received
  // counts even while the client's paused process holds its delivery.
  virtual uint64_t statementOnTheWire() const = 0;
  // The server's id of this connection's session (PostgreSQL's backend pid, MariaDB's thread
  // id); 0 until connected. Only ever compared with the sessions the server reports waiting for
  // a lock (lock_waits.h): the server's word, never acted on on this machine.
  virtual int64_t serverSession() const = 0;
};

// A new connection; it connects in the background (execute() may be called at once: the
// statement waits for the connection).
std::unique_ptr<LiveSqlClient> connectLiveSql(const LiveSqlTarget& target, sim::World& world,
                                              std::string clientName,
                                              LiveSqlClient::Deliver deliver = {});

// Runs `statements` in order on a connection of its own, blocking, for the run's setup and
// cleanup (its schema). Returns the last statement's rows (cells as text); a failure (one line)
// names the server and the statement's error. Never quotes a secret.
Result<std::vector<std::vector<std::string>>> runLiveSqlScript(
    const LiveSqlTarget& target, const std::vector<std::string>& statements);

}  // namespace lockscope::live::database
