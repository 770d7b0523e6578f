#include "database_model.h"

namespace lockscope::sql::model {

DatabaseModel::DatabaseModel(sim::World& world, DatabaseConfig config)
    : world_(world), config_(std::move(config)), server_(world, config_.server) {}

std::unique_ptr<SqlClient> DatabaseModel::connect(const std::string& clientName) {
  ClientSlot& slot = clients_[clientName];
  if (!slot.process) {
    slot.process = std::make_unique<sim::Process>(world_, clientName);
    slot.connection = std::make_unique<sim::Connection>(world_, clientName + "->database",
                                                        config_.latency);
  }
  slot.session = server_.open(clientName);
  auto client = std::make_unique<ModelSqlClient>(world_, *slot.process, *slot.connection, server_,
                                                 slot.session, clientName);
  slot.log = client->log();
  return client;
}

sim::Process* DatabaseModel::process(const std::string& clientName) {
  const auto found = clients_.find(clientName);
  return found == clients_.end() ? nullptr : found->second.process.get();
}

int64_t DatabaseModel::clientClockMs(const std::string& clientName) const {
  return sim::clientClockMs(config_.clientClocks, clientName, world_.now());
}

void DatabaseModel::clientCrashed(const std::string& clientName) {
  const auto found = clients_.find(clientName);
  if (found == clients_.end()) return;
  DatabaseServer* server = &server_;
  const SessionId session = found->second.session;
  // The kernel's FIN travels like any packet (and waits out a partition).
  found->second.connection->send(sim::Direction::ToServer,
                                 [server, session] { server->disconnect(session); });
}

void DatabaseModel::partitionClient(const std::string& clientName, bool cut) {
  const auto found = clients_.find(clientName);
  if (found == clients_.end()) return;
  ClientSlot& slot = found->second;
  // One TCP connection: the kernels retransmit what a partition held up, so a statement sent in
  // a short partition arrives after it, late, rather than never (the client would wait for its
  // reply forever: the explorer found a 1 ms partition leaving a client stuck for good).
  if (cut) {
    slot.connection->hold();
  } else {
    slot.connection->release();
  }
  server_.partition(slot.session, cut);
  if (cut || server_.sessionAlive(slot.session)) return;
  // The server gave up on the session during the partition: the client's next packet, or the one
  // it is waiting on, meets a reset.
  slot.process->deliver([log = slot.log] {
    if (auto alive = log.lock()) {
      alive->connectionLost(
          SqlResult::failure(SqlError::ConnectionLost, "", "connection reset by peer"));
    }
  });
}

}  // namespace lockscope::sql::model
