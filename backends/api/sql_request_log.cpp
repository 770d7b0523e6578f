#include "sql_request_log.h"

#include "sim/engine/check.h"
#include "sql_statements.h"

namespace lockscope::sql {

void SqlRequestLog::begin(const Statement& statement, SqlClient::ResultCallback done) {
  LOCKSCOPE_CHECK(!pending_, "one database statement at a time per connection");
  const int64_t request = ++nextRequest_;
  world_.record({.kind = sim::TraceKind::Request,
                 .actor = clientName_,
                 .op = statement.kind,
                 .value = boundText(statement, dialect_),
                 .detail = dialectName(dialect_),
                 .request = request});
  pending_ = Pending{std::move(done), statement.kind, request};
}

void SqlRequestLog::connectionLost(const SqlResult& why) {
  broken_ = true;
  finish(why);
}

void SqlRequestLog::finish(const SqlResult& result) {
  if (!pending_) return;
  if (result.error == SqlError::ConnectionLost || result.error == SqlError::SessionTerminated)
    broken_ = true;
  Pending answered = std::move(*pending_);
  pending_.reset();
  world_.record({.kind = sim::TraceKind::Reply,
                 .actor = clientName_,
                 .op = answered.kind,
                 .rc = result.ok() ? "OK" : sqlErrorName(result.error),
                 .value = result.describe(),
                 .detail = result.ok() ? std::string() : result.message,
                 .request = answered.request});
  answered.done(result);
}

}  // namespace lockscope::sql
