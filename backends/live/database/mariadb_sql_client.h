// sql::SqlClient over a real MariaDB server: MariaDB Connector/C's non-blocking API
// (MYSQL_OPT_NONBLOCK, mysql_*_start/_cont) on Qt's event loop, one connection (session) each.
//
// The live database backend makes it through connectLiveSql (live_sql_connect.h) from a
// LiveSqlTarget: the connection's default database is the target's schema (the run's own
// database), else the address's; replies reach the world through the Deliver hook.
//
// The client connects at once without blocking; a statement sent before the connection is ready
// waits for it. A connection that cannot be made (unreachable, login refused, the server's
// innodb_rollback_on_timeout not the scenario's) answers every statement ConnectionLost, its
// message the one line saying why. To learn that before the run (a backend's preparePaths, the
// tests), pass `connected`, or use connectMariaDb() below, which hands over the client only once
// it is ready.
//
// Contract (backends/api/sql_client.h), and how it is kept here:
// - Callbacks run later, from a queued Qt event, never inside execute().
// - No timeout of ours on a statement: a lock wait ends when the server says so
//   (innodb_lock_wait_timeout, a deadlock, NOWAIT). Connector/C's connect timeout
//   (kConnectTimeoutS) bounds only the connect.
// - The text protocol: parameters are put into the SQL by mariadb_statement_text.h.
// - Rows: UPDATE and DELETE count the rows they matched (CLIENT_FOUND_ROWS), as PostgreSQL does,
//   not only the rows whose values changed; a SELECT counts its rows, cells as text, NULL as "".
// - Errors: mariadb_errors.h. A lost connection fails the statement in flight and every later one
//   with ConnectionLost; the client does not connect again.
// - Every statement's Request and Reply go to the trace through sql::SqlRequestLog.
//
// Session settings at connect: SET SESSION innodb_lock_wait_timeout; innodb_rollback_on_timeout
// is a server startup option, so it is read and compared instead.
#pragma once

#include <QObject>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "backends/api/sql_client.h"
#include "backends/api/sql_request_log.h"
#include "live_sql_connect.h"
#include "mariadb_address.h"
#include "sim/engine/status.h"

typedef struct st_mysql MYSQL;
typedef struct st_mysql_res MYSQL_RES;

namespace lockscope::live::database {

class MariaDbQtDriver;

class MariaDbSqlClient final : public LiveSqlClient {
 public:
  static constexpr unsigned kConnectTimeoutS = 10;

  // Logs in with live::mariaDbLogin() (LOCKSCOPE_MARIADB_USER, LOCKSCOPE_MARIADB_PASSWORD[_FILE]).
  // The connection's database is target.schema, or target.address's when that is empty; its
  // connect timeout target.connectTimeoutMs (in whole seconds, at least one). `connected` runs
  // once, later: success, or the one line saying why the connection failed (it never quotes the
  // password).
  MariaDbSqlClient(const LiveSqlTarget& target, sim::World& world, std::string clientName,
                   Deliver deliver, std::function<void(Status)> connected = {});
  // The same to `address`'s database, connect timeout kConnectTimeoutS, replies at once.
  MariaDbSqlClient(const MariaDbAddress& address, std::string clientName, sim::World& world,
                   sql::SessionSettings settings, std::function<void(Status)> connected = {});
  // Closes the socket without a word, as drop() does: the server rolls back the open transaction
  // and frees its locks; a statement in flight is never answered.
  ~MariaDbSqlClient() override;
  MariaDbSqlClient(const MariaDbSqlClient&) = delete;
  MariaDbSqlClient& operator=(const MariaDbSqlClient&) = delete;

  sql::Dialect dialect() const override { return sql::Dialect::MariaDB; }
  void execute(sql::Statement statement, ResultCallback done) override;
  bool broken() const override { return log_->broken(); }
  const std::string& clientName() const override { return log_->clientName(); }
  uint64_t statementOnTheWire() const override { return work_ && work_->statement ? sent_ : 0; }
  int64_t serverSession() const override;

  // SQL of our own, not one of the recipes' statements and not in the trace: a run's setup
  // (CREATE DATABASE, sql::schemaStatements). The same one-at-a-time rule as execute().
  void executeSql(std::string sql, ResultCallback done);

  // Ends the connection like a dying process: the socket is shut down at once, nothing more is
  // sent, and the statement in flight is never answered (its process is gone); a later one fails
  // with ConnectionLost.
  void drop() override;
  // Ends the connection politely (COM_QUIT through mysql_close_start/_cont), then runs `done`
  // later; the client is unusable from then on. Destroyed before `done`, it stops watching the
  // half-closed handle and leaves it to the process's end (COM_QUIT is a few bytes: it does not
  // wait in practice).
  void close(std::function<void()> done);

 private:
  enum class State { Connecting, Ready, Failed, Closed };
  struct Work {
    std::optional<sql::Statement> statement;  // a recipe's statement; else `sql`
    std::string sql;
    ResultCallback done;  // executeSql's callback (traced statements' is in log_)
  };

  void connect();
  void afterConnect();
  void configure();
  void connectionReady(Status status);
  void submit(Work work);
  void startWork();
  void query(std::string sql, bool noWait, std::function<void(sql::SqlResult)> then);
  void readResult(bool noWait, std::function<void(sql::SqlResult)> then);
  sql::SqlResult failure(bool noWait);
  sql::SqlResult lost() const;
  void answer(const sql::SqlResult& result);
  void answerLater(sql::SqlResult result);
  void closeSocket();

  // Kept: Connector/C reads the host and database names again while the connect is suspended.
  ServerAddress server_;
  std::string database_;
  unsigned connectTimeoutS_ = kConnectTimeoutS;
  std::string where_;  // "mariadb 127.0.0.1:3307/lockscope", what failures name
  sql::SessionSettings settings_;
  std::shared_ptr<sql::SqlRequestLog> log_;  // outlives us in late deliveries
  Deliver deliver_;
  std::function<void(Status)> connected_;
  MYSQL* connection_ = nullptr;  // null once closed
  MYSQL* connectResult_ = nullptr;
  int queryResult_ = 0;
  MYSQL_RES* storeResult_ = nullptr;
  std::string sending_;  // the SQL on the wire: Connector/C may still read it while suspended
  std::unique_ptr<MariaDbQtDriver> driver_;
  State state_ = State::Connecting;
  std::string failure_;       // why the connection is gone (Failed)
  std::optional<Work> work_;  // the statement sent, or waiting for the connection
  uint64_t sent_ = 0;         // recipe statements accepted so far
  QObject guard_;             // context of queued answers: they die with the client
};

// Runs `statements` in order on a blocking connection of its own to target.schema (else the
// address's database), for the run's setup and cleanup; the last statement's rows, cells as text
// (NULL as ""). A failure (one line) names the server and the statement; never the password.
Result<std::vector<std::vector<std::string>>> runMariaDbScript(
    const LiveSqlTarget& target, const std::vector<std::string>& statements);

// Connects, then hands over the client once its session is ready, or the one line saying why
// not; `done` runs later, exactly once (not at all if the world's thread stops first).
void connectMariaDb(const MariaDbAddress& address, const std::string& clientName, sim::World& world,
                    sql::SessionSettings settings,
                    std::function<void(Result<std::unique_ptr<MariaDbSqlClient>>)> done);

}  // namespace lockscope::live::database
