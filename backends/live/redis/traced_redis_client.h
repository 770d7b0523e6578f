// A lock client's connection to a live Redis instance, as the world sees it: the same trace
// events as the model's (RedisRequestLog), replies handed to the world's thread through the inbox
// and delivered through the client's process (held while it is paused, dropped once it crashed),
// and the request timeout on that process's timers, as in the model, so a paused client cannot
// time out either: a reply that came during the pause is there when it resumes.
#pragma once

#include <memory>

#include "backends/api/redis_request_log.h"
#include "backends/live/world_inbox.h"
#include "live_redis_client.h"
#include "sim/engine/process.h"

namespace lockscope::live::redis {

class TracedRedisClient final : public lockscope::redis::RedisClient {
 public:
  TracedRedisClient(sim::World& world, sim::Process& process, WorldInbox& inbox,
                    std::shared_ptr<LiveRedisClient> connection, std::string clientName,
                    int64_t timeoutMs);

  const std::string& instance() const override { return connection_->instance(); }
  void command(Command argv, ReplyCallback done) override;
  void setTimeoutMs(int64_t timeoutMs) override { timeoutMs_ = timeoutMs; }
  int64_t timeoutMs() const override { return timeoutMs_; }

 private:
  sim::Process& process_;
  WorldInbox& inbox_;
  std::shared_ptr<LiveRedisClient> connection_;  // its own timeout stays 0: ours is the process's
  int64_t timeoutMs_;
  std::shared_ptr<lockscope::redis::RedisRequestLog> log_;  // outlives us in late callbacks
};

}  // namespace lockscope::live::redis
