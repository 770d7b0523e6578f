// SqlClient over the database model: one client machine's connection (a session) to the server.
// A statement crosses the network (sim::Connection: latency from the Chooser, FIFO), runs on the
// server (where it may wait for a lock), and its result crosses back and is delivered through the
// client's process, so a paused client finds its results waiting when it resumes.
//
// Trace: Request and Reply events, written by SqlRequestLog (backends/api/sql_request_log.h).
#pragma once

#include <memory>
#include <string>

#include "backends/api/sql_client.h"
#include "backends/api/sql_request_log.h"
#include "database_server.h"
#include "sim/engine/connection.h"
#include "sim/engine/process.h"

namespace lockscope::sql::model {

class ModelSqlClient final : public SqlClient {
 public:
  ModelSqlClient(sim::World& world, sim::Process& process, sim::Connection& connection,
                 DatabaseServer& server, SessionId session, std::string clientName);

  Dialect dialect() const override { return server_.dialect(); }
  void execute(Statement statement, ResultCallback done) override;
  bool broken() const override { return log_->broken(); }

  SessionId session() const { return session_; }
  // The log the results go through, for a connection reset that reaches the client after a
  // partition heals (database_model.h).
  std::weak_ptr<SqlRequestLog> log() const { return log_; }

 private:
  sim::Process& process_;
  sim::Connection& connection_;
  DatabaseServer& server_;
  SessionId session_;
  // Shared with the messages in flight, which outlive a client torn down by a restart.
  std::shared_ptr<SqlRequestLog> log_;
};

}  // namespace lockscope::sql::model
