#include "pg_sql_client.h"

#include <libpq-fe.h>
#include <sys/socket.h>

#include <QSocketNotifier>
#include <QTimer>
#include <charconv>

#include "backends/api/sql_statements.h"
#include "pg_connect_params.h"
#include "pg_error.h"

namespace lockscope::live::database {
namespace {

// pg_type.h's OIDs (a server header): the cells we rewrite to the model's text.
constexpr Oid kBoolOid = 16;
constexpr Oid kVoidOid = 2278;

// libpq's messages may run over lines ("...failed: Connection refused\n\tIs the server running");
// a trace field and an error line take the first.
std::string firstLine(const char* text) {
  std::string line = text ? text : "";
  line = line.substr(0, line.find('\n'));
  return line.empty() ? "the connection failed" : line;
}

std::string field(const PGresult* result, int code) {
  const char* value = PQresultErrorField(result, code);
  return value ? value : "";
}

std::string cell(const PGresult* result, int row, int column) {
  if (PQgetisnull(result, row, column)) return "NULL";
  const std::string text = PQgetvalue(result, row, column);
  switch (PQftype(result, column)) {
    case kBoolOid: return text == "t" ? "true" : "false";
    case kVoidOid: return "";
    default: return text;
  }
}

int64_t commandRows(const PGresult* result) {
  const char* text = PQcmdTuples(const_cast<PGresult*>(result));
  int64_t rows = 0;
  if (text && *text) std::from_chars(text, text + std::char_traits<char>::length(text), rows);
  return rows;
}

}  // namespace

PgSqlClient::PgSqlClient(const LiveSqlTarget& target, sim::World& world, std::string clientName,
                         Deliver deliver)
    : log_(std::make_shared<sql::SqlRequestLog>(world, std::move(clientName),
                                                sql::Dialect::PostgreSQL)),
      deliver_(std::move(deliver)) {
  const PgConnectParams params(target, true);
  conn_ = PQconnectStartParams(params.keywords(), params.values(), 0);
  if (!conn_ || PQstatus(conn_) == CONNECTION_BAD) {
    lose(sql::SqlResult::failure(sql::SqlError::ConnectionLost, "",
                                 conn_ ? firstLine(PQerrorMessage(conn_)) : "out of memory"));
    return;
  }
  // Warnings (an advisory unlock of a lock not held) are not printed; a FATAL error the server
  // sends while we are idle says why it is about to close the connection.
  PQsetNoticeReceiver(conn_, &PgSqlClient::noticeReceiver, this);
  PQsetnonblocking(conn_, 1);
  // libpq: after PQconnectStart, wait until the socket is writable, then poll.
  watchSocket();
  if (write_) write_->setEnabled(true);
}

PgSqlClient::~PgSqlClient() {
  read_.reset();
  write_.reset();
  retired_.clear();
  if (conn_) PQfinish(conn_);
}

void PgSqlClient::execute(sql::Statement statement, ResultCallback done) {
  log_->begin(statement, std::move(done));
  awaitingAnswer_ = true;
  ++sent_;
  switch (state_) {
    case State::Connecting: waiting_ = std::move(statement); break;
    case State::Ready:
      waiting_ = std::move(statement);
      send();
      break;
    case State::Busy: break;  // the log's check refused it already
    case State::Gone: answer(gone_); break;
  }
}

void PgSqlClient::drop() {
  // As the kernel closes a dead process's socket: the server reads EOF and ends the session,
  // rolling back its transaction and releasing its session locks.
  if (conn_ && PQsocket(conn_) >= 0) ::shutdown(PQsocket(conn_), SHUT_RDWR);
  lose(sql::SqlResult::failure(sql::SqlError::ConnectionLost, "",
                               "the connection was closed (the client crashed)"));
}

int64_t PgSqlClient::serverSession() const {
  return conn_ && (state_ == State::Ready || state_ == State::Busy) ? PQbackendPID(conn_) : 0;
}

void PgSqlClient::pollConnect() {
  const PostgresPollingStatusType polled = PQconnectPoll(conn_);
  watchSocket();  // libpq may have moved to another socket (another address of the host)
  switch (polled) {
    case PGRES_POLLING_READING:
      read_->setEnabled(true);
      write_->setEnabled(false);
      return;
    case PGRES_POLLING_WRITING:
      read_->setEnabled(false);
      write_->setEnabled(true);
      return;
    case PGRES_POLLING_OK:
      state_ = State::Ready;
      read_->setEnabled(true);  // a FATAL error or a close while idle
      write_->setEnabled(false);
      if (waiting_) send();
      return;
    case PGRES_POLLING_FAILED:
    default:
      lose(sql::SqlResult::failure(sql::SqlError::ConnectionLost, "",
                                   firstLine(PQerrorMessage(conn_))));
      return;
  }
}

void PgSqlClient::send() {
  const sql::Statement& statement = *waiting_;
  const std::string text = sql::sqlText(statement, sql::Dialect::PostgreSQL);
  std::vector<std::string> values;
  for (const sql::Value& value : statement.params)
    values.push_back(value.isText ? value.text : std::to_string(value.number));
  std::vector<const char*> pointers;
  for (const std::string& value : values) pointers.push_back(value.c_str());
  waiting_.reset();
  reply_.reset();
  state_ = State::Busy;
  if (!PQsendQueryParams(conn_, text.c_str(), static_cast<int>(pointers.size()), nullptr,
                         pointers.data(), nullptr, nullptr, 0)) {
    lose(sql::SqlResult::failure(sql::SqlError::ConnectionLost, "",
                                 firstLine(PQerrorMessage(conn_))));
    return;
  }
  flush();
}

void PgSqlClient::flush() {
  const int flushed = PQflush(conn_);
  if (flushed < 0) {
    lose(sql::SqlResult::failure(sql::SqlError::ConnectionLost, "",
                                 firstLine(PQerrorMessage(conn_))));
    return;
  }
  write_->setEnabled(flushed == 1);  // 1: more to send once the socket takes it
}

void PgSqlClient::onWritable() {
  if (state_ == State::Connecting) {
    pollConnect();
  } else if (state_ == State::Busy) {
    flush();
  } else if (write_) {
    write_->setEnabled(false);
  }
}

void PgSqlClient::onReadable() {
  if (state_ == State::Connecting) {
    pollConnect();
    return;
  }
  if (state_ == State::Gone) return;
  // On EOF PQconsumeInput fails, but what the server sent before closing (a FATAL error for the
  // statement in flight) is still parsed below.
  PQconsumeInput(conn_);
  if (state_ == State::Busy) {
    collectResults();
  } else {
    PQisBusy(conn_);  // parses what came while idle: a FATAL error goes to noticeReceiver
  }
  if (state_ != State::Gone && PQstatus(conn_) == CONNECTION_BAD) {
    lose(sql::SqlResult::failure(sql::SqlError::ConnectionLost, "",
                                 firstLine(PQerrorMessage(conn_))));
  }
}

void PgSqlClient::collectResults() {
  while (state_ == State::Busy && !PQisBusy(conn_)) {
    PGresult* result = PQgetResult(conn_);
    if (!result) {
      answer(reply_.value_or(sql::SqlResult{}));
      reply_.reset();
      return;
    }
    takeResult(result);
    PQclear(result);
  }
}

void PgSqlClient::takeResult(pg_result* result) {
  if (reply_ && !reply_->ok()) return;  // the first error is the statement's
  sql::SqlResult out;
  switch (PQresultStatus(result)) {
    case PGRES_TUPLES_OK:
      out.affected = PQntuples(result);
      for (int row = 0; row < PQntuples(result); ++row) {
        std::vector<std::string>& cells = out.rows.emplace_back();
        for (int column = 0; column < PQnfields(result); ++column)
          cells.push_back(cell(result, row, column));
      }
      break;
    case PGRES_COMMAND_OK: out.affected = commandRows(result); break;
    default: {
      const std::string code = field(result, PG_DIAG_SQLSTATE);
      std::string message = field(result, PG_DIAG_MESSAGE_PRIMARY);
      if (message.empty()) message = firstLine(PQresultErrorMessage(result));
      out = sql::SqlResult::failure(pgErrorKind(code, message), code, message);
      // libpq's "server closed the connection" after the server said why (a notice): its reason.
      if (code.empty() && gone_.error == sql::SqlError::SessionTerminated) out = gone_;
      break;
    }
  }
  reply_ = std::move(out);
}

void PgSqlClient::lose(sql::SqlResult why) {
  if (state_ == State::Gone) return;
  // The server's own reason, when it gave one before the close, beats libpq's "closed".
  if (gone_.error != sql::SqlError::SessionTerminated || !why.code.empty()) gone_ = std::move(why);
  state_ = State::Gone;
  waiting_.reset();
  reply_.reset();
  unwatchSocket();
  if (conn_) {
    PQfinish(conn_);
    conn_ = nullptr;
  }
  if (awaitingAnswer_) answer(gone_);
}

void PgSqlClient::answer(sql::SqlResult result) {
  awaitingAnswer_ = false;
  if (state_ == State::Busy) state_ = State::Ready;
  // Later, never inside execute() (the contract), and never after we are gone (the timer's
  // context is ours). The log outlives us in a delivery the world holds.
  QTimer::singleShot(0, &context_, [this, result = std::move(result)] {
    retired_.clear();  // outside every notifier's signal now
    std::weak_ptr<sql::SqlRequestLog> weak = log_;
    auto finish = [weak, result] {
      if (auto log = weak.lock()) log->finish(result);
    };
    if (deliver_) {
      deliver_(finish);
    } else {
      finish();
    }
  });
}

void PgSqlClient::watchSocket() {
  const int socket = PQsocket(conn_);
  if (socket == socket_ && read_) return;
  unwatchSocket();
  socket_ = socket;
  if (socket < 0) return;
  read_ = std::make_unique<QSocketNotifier>(socket, QSocketNotifier::Read);
  write_ = std::make_unique<QSocketNotifier>(socket, QSocketNotifier::Write);
  read_->setEnabled(false);
  write_->setEnabled(false);
  QObject::connect(read_.get(), &QSocketNotifier::activated, &context_, [this] { onReadable(); });
  QObject::connect(write_.get(), &QSocketNotifier::activated, &context_, [this] { onWritable(); });
}

void PgSqlClient::unwatchSocket() {
  // We may be inside one of the notifiers' signals: they are deleted later (retired_).
  for (auto* notifier : {&read_, &write_}) {
    if (!*notifier) continue;
    (*notifier)->setEnabled(false);
    QObject::disconnect(notifier->get(), nullptr, &context_, nullptr);
    retired_.push_back(std::move(*notifier));
  }
  socket_ = -1;
}

void PgSqlClient::noticeReceiver(void* self, const pg_result* notice) {
  auto* client = static_cast<PgSqlClient*>(self);
  const std::string severity = field(notice, PG_DIAG_SEVERITY_NONLOCALIZED);
  if (severity != "FATAL" && severity != "PANIC") return;
  const std::string code = field(notice, PG_DIAG_SQLSTATE);
  const std::string message = field(notice, PG_DIAG_MESSAGE_PRIMARY);
  client->gone_ = sql::SqlResult::failure(pgErrorKind(code, message), code, message);
}

}  // namespace lockscope::live::database
