#include "traced_redis_client.h"

namespace lockscope::live::redis {

TracedRedisClient::TracedRedisClient(sim::World& world, sim::Process& process, WorldInbox& inbox,
                                     std::shared_ptr<LiveRedisClient> connection,
                                     std::string clientName, int64_t timeoutMs)
    : process_(process),
      inbox_(inbox),
      connection_(std::move(connection)),
      timeoutMs_(timeoutMs),
      log_(std::make_shared<lockscope::redis::RedisRequestLog>(world, connection_->instance(),
                                                               std::move(clientName))) {}

void TracedRedisClient::command(Command argv, ReplyCallback done) {
  const int64_t request = log_->begin(argv, std::move(done));
  std::weak_ptr<lockscope::redis::RedisRequestLog> weak = log_;
  if (timeoutMs_ > 0) {
    process_.after(sim::fromMillis(timeoutMs_), [weak, request] {
      if (auto log = weak.lock()) log->finish(request, Reply::timeout());
    });
  }
  connection_->command(std::move(argv),
                       [weak, request, process = &process_, inbox = &inbox_](const Reply& reply) {
                         // We are in Qt's event loop, between two world events: the world takes it
                         // from the inbox.
                         inbox->post([weak, request, process, reply] {
                           process->deliver([weak, request, reply] {
                             if (auto log = weak.lock()) log->finish(request, reply);
                           });
                         });
                       });
}

}  // namespace lockscope::live::redis
