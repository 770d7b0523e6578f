// The trace of one database connection's statements and results, written alike by the model's
// client and the live ones, so the two worlds put the same events in the trace:
//   Request (actor client, op the statement (sim::SqlOp), value its SQL with the parameters
//            bound, detail the dialect, request number)
//   Reply   (the same op and number, rc "OK" or the error's name, value the result: "1 row",
//            "(c1, 1, 2000)", the server's code; detail the server's message on an error).
#pragma once

#include <cstdint>
#include <optional>

#include "sim/engine/world.h"
#include "sql_client.h"

namespace lockscope::sql {

class SqlRequestLog {
 public:
  SqlRequestLog(sim::World& world, std::string clientName, Dialect dialect)
      : world_(world), clientName_(std::move(clientName)), dialect_(dialect) {}

  const std::string& clientName() const { return clientName_; }
  Dialect dialect() const { return dialect_; }
  // Whether a statement is waiting for its result.
  bool busy() const { return pending_.has_value(); }
  // Whether a result said the connection is gone (ConnectionLost, SessionTerminated).
  bool broken() const { return broken_; }

  // Records the Request event and remembers `done`; the contract's one statement at a time is
  // checked here.
  void begin(const Statement& statement, SqlClient::ResultCallback done);
  // Records the Reply event and runs the callback; nothing when no statement is waiting (the
  // connection was lost and answered it already).
  void finish(const SqlResult& result);
  // The connection broke (a reset after a partition): the statement waiting, if any, fails with
  // `why`; the connection is broken either way.
  void connectionLost(const SqlResult& why);

 private:
  struct Pending {
    SqlClient::ResultCallback done;
    StatementKind kind;
    int64_t request;
  };

  sim::World& world_;
  std::string clientName_;
  Dialect dialect_;
  int64_t nextRequest_ = 0;
  bool broken_ = false;
  std::optional<Pending> pending_;
};

}  // namespace lockscope::sql
