// RedisClient over the model: one client machine's connection to one shard. A request crosses the
// network (sim::Connection: latency from the Chooser, FIFO), runs on the shard's master, and its
// reply crosses back and is delivered through the client's process, so a paused client finds its
// replies waiting when it resumes (buffered in the kernel, as in Kleppmann's GC example). The
// timeout timer runs on the same process: a paused client cannot time out either.
//
// Trace: Request and Reply events, written by RedisRequestLog (backends/api/redis_request_log.h).
#pragma once

#include <memory>
#include <string>

#include "backends/api/redis_client.h"
#include "backends/api/redis_request_log.h"
#include "sim/engine/connection.h"
#include "sim/engine/process.h"
#include "sim/engine/world.h"

namespace lockscope::redis::model {

class RedisDeployment;

class ModelRedisClient final : public RedisClient {
 public:
  ModelRedisClient(sim::World& world, sim::Process& process, sim::Connection& connection,
                   RedisDeployment& deployment, size_t shard, std::string shardName,
                   std::string clientName, int64_t timeoutMs, uint64_t connectionId);
  ~ModelRedisClient() override;

  const std::string& instance() const override { return log_->shardName(); }
  void command(Command argv, ReplyCallback done) override;
  void setTimeoutMs(int64_t timeoutMs) override { timeoutMs_ = timeoutMs; }
  int64_t timeoutMs() const override { return timeoutMs_; }

 private:
  sim::Process& process_;
  sim::Connection& connection_;
  RedisDeployment& deployment_;
  size_t shard_;
  int64_t timeoutMs_;
  uint64_t connectionId_;  // the server's name for this connection (its MULTI and WATCH state)
  // Shared with the messages in flight, which outlive a client torn down by a restart.
  std::shared_ptr<RedisRequestLog> log_;
};

}  // namespace lockscope::redis::model
