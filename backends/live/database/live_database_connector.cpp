#include "live_database_connector.h"

namespace lockscope::live::database {
namespace {

// The recipe owns its connection (a unique_ptr); the connector keeps a weak one to close it when
// the client crashes.
class SharedSqlClient final : public sql::SqlClient {
 public:
  explicit SharedSqlClient(std::shared_ptr<LiveSqlClient> connection)
      : connection_(std::move(connection)) {}
  sql::Dialect dialect() const override { return connection_->dialect(); }
  void execute(sql::Statement statement, ResultCallback done) override {
    connection_->execute(std::move(statement), std::move(done));
  }
  bool broken() const override { return connection_->broken(); }

 private:
  std::shared_ptr<LiveSqlClient> connection_;
};

}  // namespace

LiveDatabaseConnector::LiveDatabaseConnector(sim::World& world, WorldInbox& inbox,
                                             LiveSqlTarget target,
                                             sim::ClientClockSpecs clientClocks)
    : world_(world),
      inbox_(inbox),
      target_(std::move(target)),
      clientClocks_(std::move(clientClocks)),
      clients_(world) {}

std::unique_ptr<sql::SqlClient> LiveDatabaseConnector::connectSql(const std::string& clientName) {
  sim::Process* owner = &process(clientName);
  // A reply is read in Qt's event loop, between two world events: the world takes it from the
  // inbox, and the process delivers it (or holds it while paused, or drops it once crashed).
  auto deliver = [inbox = &inbox_, owner](std::function<void()> reply) {
    inbox->post([owner, reply = std::move(reply)] { owner->deliver(reply); });
  };
  std::shared_ptr<LiveSqlClient> connection = connectLiveSql(target_, world_, clientName, deliver);
  clients_.add(clientName, connection);
  return std::make_unique<SharedSqlClient>(std::move(connection));
}

}  // namespace lockscope::live::database
