#include "model_sql_client.h"

namespace lockscope::sql::model {

ModelSqlClient::ModelSqlClient(sim::World& world, sim::Process& process,
                               sim::Connection& connection, DatabaseServer& server,
                               SessionId session, std::string clientName)
    : process_(process),
      connection_(connection),
      server_(server),
      session_(session),
      log_(std::make_shared<SqlRequestLog>(world, std::move(clientName), server.dialect())) {}

void ModelSqlClient::execute(Statement statement, ResultCallback done) {
  log_->begin(statement, std::move(done));
  std::weak_ptr<SqlRequestLog> weak = log_;
  sim::Process* process = &process_;
  sim::Connection* connection = &connection_;
  DatabaseServer* server = &server_;
  const SessionId session = session_;
  connection_.send(sim::Direction::ToServer, [=, statement = std::move(statement)] {
    server->submit(session, statement, [=](const SqlResult& result) {
      connection->send(sim::Direction::ToClient, [=] {
        process->deliver([weak, result] {
          if (auto log = weak.lock()) log->finish(result);
        });
      });
    });
  });
}

}  // namespace lockscope::sql::model
