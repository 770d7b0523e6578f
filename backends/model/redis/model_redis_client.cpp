#include "model_redis_client.h"

#include "redis_deployment.h"

namespace lockscope::redis::model {

ModelRedisClient::ModelRedisClient(sim::World& world, sim::Process& process,
                                   sim::Connection& connection, RedisDeployment& deployment,
                                   size_t shard, std::string shardName, std::string clientName,
                                   int64_t timeoutMs, uint64_t connectionId)
    : process_(process),
      connection_(connection),
      deployment_(deployment),
      shard_(shard),
      timeoutMs_(timeoutMs),
      connectionId_(connectionId),
      log_(std::make_shared<RedisRequestLog>(world, std::move(shardName), std::move(clientName))) {}

ModelRedisClient::~ModelRedisClient() = default;

void ModelRedisClient::command(Command argv, ReplyCallback done) {
  const int64_t request = log_->begin(argv, std::move(done));
  std::weak_ptr<RedisRequestLog> weak = log_;
  if (timeoutMs_ > 0) {
    process_.after(sim::fromMillis(timeoutMs_), [weak, request] {
      if (auto log = weak.lock()) log->finish(request, Reply::timeout());
    });
  }
  sim::Process* process = &process_;
  sim::Connection* connection = &connection_;
  RedisDeployment* deployment = &deployment_;
  const size_t shard = shard_;
  const uint64_t connectionId = connectionId_;
  // The reply's way back: across the network, then through the client's process.
  const auto answer = [=](const Reply& reply) {
    connection->send(sim::Direction::ToClient, [=] {
      process->deliver([weak, request, reply] {
        if (auto log = weak.lock()) log->finish(request, reply);
      });
    });
  };
  connection_.send(sim::Direction::ToServer, [=, argv = std::move(argv)] {
    const std::optional<Reply> reply = deployment->execute(shard, argv, connectionId, answer);
    // None: the master is down (no answer ever comes) or the command blocks (answer() later).
    if (reply) answer(*reply);
  });
}

}  // namespace lockscope::redis::model
