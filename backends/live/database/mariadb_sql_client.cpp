#include "mariadb_sql_client.h"

#include <mysql.h>
#include <sys/socket.h>

#include <algorithm>

#include "backends/live/live_credentials.h"
#include "mariadb_errors.h"
#include "mariadb_qt_driver.h"
#include "mariadb_statement_text.h"
#include "sim/engine/check.h"

namespace lockscope::live::database {
namespace {

// Connector/C's connect timeout is in whole seconds.
unsigned connectTimeoutS(const LiveSqlTarget& target) {
  return static_cast<unsigned>(std::max<int64_t>(1, (target.connectTimeoutMs + 999) / 1000));
}

bool noWaitOf(const std::optional<sql::Statement>& statement) {
  return statement && statement->wait == sql::LockWait::NoWait;
}

}  // namespace

MariaDbSqlClient::MariaDbSqlClient(const LiveSqlTarget& target, sim::World& world,
                                   std::string clientName, Deliver deliver,
                                   std::function<void(Status)> connected)
    : server_(target.address.server),
      database_(target.schema.empty() ? target.address.database : target.schema),
      connectTimeoutS_(connectTimeoutS(target)),
      where_("mariadb " + server_.text() + "/" + database_),
      settings_(target.settings),
      log_(std::make_shared<sql::SqlRequestLog>(world, std::move(clientName),
                                                sql::Dialect::MariaDB)),
      deliver_(std::move(deliver)),
      connected_(std::move(connected)) {
  connect();
}

MariaDbSqlClient::MariaDbSqlClient(const MariaDbAddress& address, std::string clientName,
                                   sim::World& world, sql::SessionSettings settings,
                                   std::function<void(Status)> connected)
    : MariaDbSqlClient(LiveSqlTarget{.dialect = sql::Dialect::MariaDB,
                                     .address = {address.server, address.database},
                                     .settings = settings,
                                     .connectTimeoutMs = int64_t{kConnectTimeoutS} * 1000},
                       world, std::move(clientName), {}, std::move(connected)) {}

MariaDbSqlClient::~MariaDbSqlClient() { drop(); }

void MariaDbSqlClient::connect() {
  connection_ = mysql_init(nullptr);
  LOCKSCOPE_CHECK(connection_ != nullptr, "mysql_init has memory");
  mysql_options(connection_, MYSQL_OPT_NONBLOCK, nullptr);
  // TCP even for "localhost", which Connector/C would otherwise take for the system's socket.
  const unsigned protocol = MYSQL_PROTOCOL_TCP;
  mysql_options(connection_, MYSQL_OPT_PROTOCOL, &protocol);
  mysql_options(connection_, MYSQL_OPT_CONNECT_TIMEOUT, &connectTimeoutS_);
  mysql_options(connection_, MYSQL_SET_CHARSET_NAME, "utf8mb4");
  driver_ = std::make_unique<MariaDbQtDriver>(connection_);

  const DatabaseLogin& login = mariaDbLogin();
  const char* user = login.user.empty() ? nullptr : login.user.c_str();
  const char* password = login.password.empty() ? nullptr : login.password.c_str();
  const int status = mysql_real_connect_start(
      &connectResult_, connection_, server_.host.c_str(), user, password, database_.c_str(),
      static_cast<unsigned>(server_.port), nullptr, CLIENT_FOUND_ROWS);
  driver_->run(
      status,
      [this](int events) { return mysql_real_connect_cont(&connectResult_, connection_, events); },
      [this] { afterConnect(); });
}

void MariaDbSqlClient::afterConnect() {
  if (!connectResult_) {
    connectionReady(Status::failure(where_ + ": " + mysql_error(connection_)));
    return;
  }
  configure();
}

// The scenario's session settings: the lock wait timeout is the session's to set;
// innodb_rollback_on_timeout only the server's command line can, so it is compared.
void MariaDbSqlClient::configure() {
  if (settings_.innodbLockWaitTimeoutS < 1) {
    connectionReady(Status::failure(where_ + ": innodb_lock_wait_timeout must be at least 1 s"));
    return;
  }
  const std::string set = "SET SESSION innodb_lock_wait_timeout = " +
                          std::to_string(settings_.innodbLockWaitTimeoutS);
  query(set, false, [this](sql::SqlResult result) {
    if (!result.ok()) {
      connectionReady(Status::failure(where_ + ": " + result.message));
      return;
    }
    query("SELECT @@innodb_rollback_on_timeout", false, [this](sql::SqlResult result) {
      if (!result.ok() || result.rows.size() != 1 || result.rows[0].size() != 1) {
        connectionReady(Status::failure(where_ + ": cannot read innodb_rollback_on_timeout"));
        return;
      }
      const bool serverRollsBack = result.rows[0][0] == "1";
      if (serverRollsBack != settings_.innodbRollbackOnTimeout) {
        const auto onOff = [](bool on) { return on ? "ON" : "OFF"; };
        connectionReady(Status::failure(
            where_ + ": the server runs with innodb_rollback_on_timeout " + onOff(serverRollsBack) +
            ", the scenario needs " + onOff(settings_.innodbRollbackOnTimeout) +
            " (a server startup option)"));
        return;
      }
      connectionReady(Status::success());
    });
  });
}

void MariaDbSqlClient::connectionReady(Status status) {
  if (status) {
    state_ = State::Ready;
  } else {
    state_ = State::Failed;
    failure_ = status.message();
  }
  if (connected_) {
    // An event of its own: the callback may destroy the client (connectMariaDb does on failure).
    QMetaObject::invokeMethod(
        &guard_, [connected = std::exchange(connected_, nullptr), status] { connected(status); },
        Qt::QueuedConnection);
  }
  if (!work_) return;
  if (state_ == State::Ready) {
    startWork();
  } else {
    answer(lost());  // we are in a queued event already: later than execute()
  }
}

void MariaDbSqlClient::execute(sql::Statement statement, ResultCallback done) {
  log_->begin(statement, std::move(done));  // the Request event; checks one at a time
  ++sent_;
  submit(Work{std::move(statement), {}, {}});
}

int64_t MariaDbSqlClient::serverSession() const {
  return connection_ && state_ == State::Ready ? static_cast<int64_t>(mysql_thread_id(connection_))
                                               : 0;
}

void MariaDbSqlClient::executeSql(std::string sql, ResultCallback done) {
  LOCKSCOPE_CHECK(!work_ && !log_->busy(), "one database statement at a time per connection");
  submit(Work{std::nullopt, std::move(sql), std::move(done)});
}

void MariaDbSqlClient::submit(Work work) {
  LOCKSCOPE_CHECK(!work_, "one database statement at a time per connection");
  work_ = std::move(work);
  switch (state_) {
    case State::Connecting: return;  // connectionReady starts it
    case State::Ready: startWork(); return;
    case State::Failed:
    case State::Closed: answerLater(lost()); return;
  }
}

void MariaDbSqlClient::startWork() {
  Work& work = *work_;
  // Escaping needs the connection's character set, known once connected.
  std::string sql = work.statement ? mariaDbText(connection_, *work.statement) : work.sql;
  query(std::move(sql), noWaitOf(work.statement),
        [this](const sql::SqlResult& result) { answer(result); });
}

void MariaDbSqlClient::query(std::string sql, bool noWait,
                             std::function<void(sql::SqlResult)> then) {
  sending_ = std::move(sql);
  const int status = mysql_real_query_start(&queryResult_, connection_, sending_.data(),
                                            sending_.size());
  driver_->run(
      status,
      [this](int events) { return mysql_real_query_cont(&queryResult_, connection_, events); },
      [this, noWait, then = std::move(then)] {
        if (queryResult_ != 0) {
          then(failure(noWait));
        } else if (mysql_field_count(connection_) == 0) {
          sql::SqlResult result;
          result.affected = static_cast<int64_t>(mysql_affected_rows(connection_));
          then(result);
        } else {
          readResult(noWait, then);
        }
      });
}

void MariaDbSqlClient::readResult(bool noWait, std::function<void(sql::SqlResult)> then) {
  const int status = mysql_store_result_start(&storeResult_, connection_);
  driver_->run(
      status,
      [this](int events) { return mysql_store_result_cont(&storeResult_, connection_, events); },
      [this, noWait, then = std::move(then)] {
        if (!storeResult_) {
          then(failure(noWait));
          return;
        }
        sql::SqlResult result;
        const unsigned columns = mysql_num_fields(storeResult_);
        // A stored result is in memory: fetching does no I/O.
        while (MYSQL_ROW row = mysql_fetch_row(storeResult_)) {
          const unsigned long* lengths = mysql_fetch_lengths(storeResult_);
          std::vector<std::string> cells;
          for (unsigned i = 0; i < columns; ++i) {
            cells.push_back(row[i] ? std::string(row[i], lengths[i]) : std::string());
          }
          result.rows.push_back(std::move(cells));
        }
        result.affected = static_cast<int64_t>(result.rows.size());
        mysql_free_result(storeResult_);
        storeResult_ = nullptr;
        then(result);
      });
}

sql::SqlResult MariaDbSqlClient::failure(bool noWait) {
  const unsigned code = mysql_errno(connection_);
  sql::SqlResult result = mariaDbFailure(code, mysql_error(connection_), noWait);
  if (mariaDbConnectionGone(code)) {
    state_ = State::Failed;
    failure_ = where_ + ": " + result.message;
  }
  return result;
}

sql::SqlResult MariaDbSqlClient::lost() const {
  return sql::SqlResult::failure(sql::SqlError::ConnectionLost, {},
                                 failure_.empty() ? where_ + ": connection closed" : failure_);
}

void MariaDbSqlClient::answer(const sql::SqlResult& result) {
  if (!work_) return;  // dropped since the answer was queued
  Work work = std::move(*work_);
  work_.reset();
  // The callback may send the next statement or destroy the client: nothing after it.
  if (!work.statement) {
    work.done(result);
    return;
  }
  // Through the world's inbox when there is one; the log outlives us in a delivery it holds.
  auto finish = [weak = std::weak_ptr<sql::SqlRequestLog>(log_), result] {
    if (auto log = weak.lock()) log->finish(result);
  };
  if (deliver_) {
    deliver_(std::move(finish));
  } else {
    finish();
  }
}

void MariaDbSqlClient::answerLater(sql::SqlResult result) {
  QMetaObject::invokeMethod(
      &guard_, [this, result = std::move(result)] { answer(result); }, Qt::QueuedConnection);
}

void MariaDbSqlClient::closeSocket() {
  if (driver_) driver_->stop();
  if (!connection_) return;
  const int fd = static_cast<int>(mysql_get_socket(connection_));
  // Shut down first: mysql_close's COM_QUIT then fails at once instead of reaching the server.
  if (fd >= 0) ::shutdown(fd, SHUT_RDWR);
  mysql_close(connection_);
  connection_ = nullptr;
}

void MariaDbSqlClient::drop() {
  closeSocket();
  state_ = State::Closed;
  work_.reset();  // never answered: the process that sent it is gone
}

void MariaDbSqlClient::close(std::function<void()> done) {
  LOCKSCOPE_CHECK(!work_, "close() with no statement in flight");
  if (!connection_ || state_ != State::Ready) {
    drop();
    QMetaObject::invokeMethod(&guard_, std::move(done), Qt::QueuedConnection);
    return;
  }
  state_ = State::Closed;
  // Connector/C frees the handle when the close finishes; a client destroyed before that only
  // stops watching it (the half-closed handle is left to the process's end).
  MYSQL* closing = std::exchange(connection_, nullptr);
  const int status = mysql_close_start(closing);
  driver_->run(
      status, [closing](int events) { return mysql_close_cont(closing, events); }, std::move(done));
}

Result<std::vector<std::vector<std::string>>> runMariaDbScript(
    const LiveSqlTarget& target, const std::vector<std::string>& statements) {
  const std::string database = target.schema.empty() ? target.address.database : target.schema;
  const std::string server = "mariadb=" + target.address.server.text() + "/" + database;
  const std::unique_ptr<MYSQL, decltype(&mysql_close)> connection(mysql_init(nullptr),
                                                                  &mysql_close);
  if (!connection) return Status::failure(server + ": out of memory");
  const unsigned protocol = MYSQL_PROTOCOL_TCP;
  mysql_options(connection.get(), MYSQL_OPT_PROTOCOL, &protocol);
  const unsigned timeoutS = connectTimeoutS(target);
  mysql_options(connection.get(), MYSQL_OPT_CONNECT_TIMEOUT, &timeoutS);
  // Bounds a reply, longer than the cleanup's own lock wait (run_schema.cpp).
  const unsigned readTimeoutS = 2 * timeoutS + 5;
  mysql_options(connection.get(), MYSQL_OPT_READ_TIMEOUT, &readTimeoutS);
  mysql_options(connection.get(), MYSQL_SET_CHARSET_NAME, "utf8mb4");
  const DatabaseLogin& login = mariaDbLogin();
  if (!mysql_real_connect(connection.get(), target.address.server.host.c_str(),
                          login.user.empty() ? nullptr : login.user.c_str(),
                          login.password.empty() ? nullptr : login.password.c_str(),
                          database.c_str(), static_cast<unsigned>(target.address.server.port),
                          nullptr, CLIENT_FOUND_ROWS)) {
    return Status::failure(server + ": " + mysql_error(connection.get()));
  }
  std::vector<std::vector<std::string>> rows;
  for (const std::string& statement : statements) {
    rows.clear();
    if (mysql_real_query(connection.get(), statement.data(), statement.size()) != 0) {
      return Status::failure(server + ": " + statement.substr(0, statement.find(' ', 7)) +
                             "... failed: " + mysql_error(connection.get()));
    }
    const std::unique_ptr<MYSQL_RES, decltype(&mysql_free_result)> result(
        mysql_store_result(connection.get()), &mysql_free_result);
    if (!result) {
      if (mysql_field_count(connection.get()) == 0) continue;
      return Status::failure(server + ": " + statement.substr(0, statement.find(' ', 7)) +
                             "... failed: " + mysql_error(connection.get()));
    }
    const unsigned columns = mysql_num_fields(result.get());
    while (MYSQL_ROW row = mysql_fetch_row(result.get())) {
      const unsigned long* lengths = mysql_fetch_lengths(result.get());
      std::vector<std::string>& cells = rows.emplace_back();
      for (unsigned i = 0; i < columns; ++i)
        cells.push_back(row[i] ? std::string(row[i], lengths[i]) : std::string());
    }
  }
  return rows;
}

void connectMariaDb(const MariaDbAddress& address, const std::string& clientName, sim::World& world,
                    sql::SessionSettings settings,
                    std::function<void(Result<std::unique_ptr<MariaDbSqlClient>>)> done) {
  // Owned by its own connect callback until the session is ready; the callback runs once.
  auto holder = std::make_shared<std::unique_ptr<MariaDbSqlClient>>();
  *holder = std::make_unique<MariaDbSqlClient>(
      address, clientName, world, settings, [holder, done = std::move(done)](Status status) {
        std::unique_ptr<MariaDbSqlClient> client = std::move(*holder);
        if (status) {
          done(std::move(client));
        } else {
          done(status);
        }
      });
}

}  // namespace lockscope::live::database
