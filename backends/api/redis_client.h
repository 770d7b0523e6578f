// The asynchronous Redis client API the Redis lock recipes use.
//
// One interface, two worlds: the deterministic model (backends/model/redis) and a real server
// through hiredis' redisAsyncContext (backends/live/redis). It is shaped like hiredis: a command
// is an argument vector (redisAsyncCommandArgv), a reply has one of hiredis' types, and a request
// that gets no answer within the timeout (redisAsyncSetTimeout) fails with a connection error
// instead.
//
// Contract (as hiredis):
// - Calls are asynchronous; each callback runs exactly once, later, on the caller's thread, never
//   inside the call. Replies arrive in the order the commands were sent.
// - A request whose reply does not arrive within timeoutMs() is answered with a Timeout reply;
//   whether the server executed it is unknown to the caller. A reply arriving later is dropped.
// - Scripts are sent as EVAL with a script name from redis_scripts.h; a live backend sends the
//   Lua source that name stands for. Scripts run atomically on the server.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "redis_reply.h"

namespace lockscope::redis {

using Command = std::vector<std::string>;

class RedisClient {
 public:
  using ReplyCallback = std::function<void(const Reply&)>;

  virtual ~RedisClient() = default;

  // "redis-1": which instance this connection talks to.
  virtual const std::string& instance() const = 0;

  // Sends {"SET", "lock", "token", "NX", "PX", "30000"}; `done` gets the reply.
  virtual void command(Command argv, ReplyCallback done) = 0;

  // Per-request timeout in milliseconds; 0 waits forever (hiredis' default).
  virtual void setTimeoutMs(int64_t timeoutMs) = 0;
  virtual int64_t timeoutMs() const = 0;
};

}  // namespace lockscope::redis
