// The trace of one Redis connection's requests and replies, and the requests still waiting for
// an answer. The model's client and the live one both write through it, so the two worlds put the
// same events in the trace:
//   Request (actor client, op command or script name, path key, value the other arguments,
//            detail shard, request number)
//   Reply   (the same, rc the reply type, value the reply).
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "redis_client.h"
#include "sim/engine/world.h"

namespace lockscope::redis {

class RedisRequestLog {
 public:
  RedisRequestLog(sim::World& world, std::string shardName, std::string clientName)
      : world_(world), shardName_(std::move(shardName)), clientName_(std::move(clientName)) {}

  const std::string& shardName() const { return shardName_; }

  // Whether the trace has an op for `argv` (its command, or the lock script an EVAL names):
  // begin() takes only such commands, which the model's clients are the ones to send.
  static bool traced(const Command& argv);

  // Records the Request event, remembers `done`, and returns the request's number.
  int64_t begin(const Command& argv, RedisClient::ReplyCallback done);
  // Records the Reply event and runs the request's callback; nothing for a request answered
  // already (a reply after its timeout, or the timeout after its reply).
  void finish(int64_t request, const Reply& reply);

 private:
  struct Pending {
    RedisClient::ReplyCallback done;
    sim::TraceOp op;
    std::string key;
  };

  sim::World& world_;
  std::string shardName_;
  std::string clientName_;
  int64_t nextRequest_ = 0;
  std::map<int64_t, Pending> pending_;
};

}  // namespace lockscope::redis
