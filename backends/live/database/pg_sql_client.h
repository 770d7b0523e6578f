// A live PostgreSQL connection (dialect PostgreSQL) on libpq's asynchronous API, driven by Qt's
// event loop on the world's thread: PQconnectStartParams/PQconnectPoll for the connect,
// PQsendQueryParams with sql::sqlText's `$n` text and the statement's parameters, then
// PQconsumeInput/PQisBusy/PQgetResult as the socket becomes readable. No thread of its own and
// no timeout of its own (sql_client.h's contract): a statement waits as long as the server
// makes it.
//
// Every statement goes through sql::SqlRequestLog, so the trace has the model's Request and
// Reply events. Replies reach the world through the Deliver hook (live_sql_connect.h).
#pragma once

#include <QObject>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "backends/api/sql_request_log.h"
#include "live_sql_connect.h"

struct pg_conn;
struct pg_result;
class QSocketNotifier;

namespace lockscope::live::database {

class PgSqlClient final : public LiveSqlClient {
 public:
  PgSqlClient(const LiveSqlTarget& target, sim::World& world, std::string clientName,
              Deliver deliver);
  ~PgSqlClient() override;  // closes the connection politely (Terminate), if it is still open
  PgSqlClient(const PgSqlClient&) = delete;
  PgSqlClient& operator=(const PgSqlClient&) = delete;

  sql::Dialect dialect() const override { return sql::Dialect::PostgreSQL; }
  void execute(sql::Statement statement, ResultCallback done) override;
  bool broken() const override { return log_->broken(); }
  void drop() override;
  const std::string& clientName() const override { return log_->clientName(); }
  uint64_t statementOnTheWire() const override { return awaitingAnswer_ ? sent_ : 0; }
  int64_t serverSession() const override;

 private:
  enum class State { Connecting, Ready, Busy, Gone };

  void pollConnect();
  void onReadable();
  void onWritable();
  void send();
  void flush();
  // Reads every finished result of the statement in flight; answers it when the last came.
  void collectResults();
  void takeResult(pg_result* result);
  // The connection is gone: the statement in flight (and every later one) fails with `why`.
  void lose(sql::SqlResult why);
  void answer(sql::SqlResult result);
  void watchSocket();
  void unwatchSocket();
  static void noticeReceiver(void* self, const pg_result* notice);

  pg_conn* conn_ = nullptr;
  State state_ = State::Connecting;
  int socket_ = -1;
  std::unique_ptr<QSocketNotifier> read_;
  std::unique_ptr<QSocketNotifier> write_;
  // Notifiers let go of inside their own signal: deleted at the next answer or with us (not
  // deleteLater, which a loop that never runs again would leave as a leak).
  std::vector<std::unique_ptr<QSocketNotifier>> retired_;
  QObject context_;                          // zero-delay answers die with the client
  std::shared_ptr<sql::SqlRequestLog> log_;  // outlives us in late deliveries
  Deliver deliver_;
  std::optional<sql::Statement> waiting_;  // sent once the connection is up
  std::optional<sql::SqlResult> reply_;    // the statement in flight's result so far
  bool awaitingAnswer_ = false;            // a statement was accepted and not answered yet
  uint64_t sent_ = 0;                      // statements accepted so far
  // Why the connection is gone: what each later statement gets. A FATAL error the server sent
  // while idle (idle_in_transaction_session_timeout) arrives as a notice before the close.
  sql::SqlResult gone_ = sql::SqlResult::failure(sql::SqlError::ConnectionLost, "",
                                                 "the connection is closed");
};

}  // namespace lockscope::live::database
