// The live side of `lockscope-cli redis-shell --live HOST:PORT`: one hiredis connection, as
// redis-cli keeps one, each command sent with redisCommandArgv (binary-safe) and waited for.
#pragma once

#include <iosfwd>
#include <string>

#include "backends/api/redis_client.h"
#include "backends/live/server_address.h"

struct redisContext;

namespace lockscope::cli {

class RedisShellLive {
 public:
  RedisShellLive(live::ServerAddress address, std::ostream& err);
  ~RedisShellLive();
  RedisShellLive(const RedisShellLive&) = delete;
  RedisShellLive& operator=(const RedisShellLive&) = delete;

  // Connects (within the connect timeout, so an address that drops packets cannot hang the
  // shell); false, with redis-cli's "Could not connect to Redis at ..." on `err`, if it cannot.
  bool connect();
  // The reply, or a failed() one after telling `err` why, as redis-cli does ("Error: ..."). The
  // next command connects again.
  redis::Reply send(const redis::Command& argv);

 private:
  live::ServerAddress address_;
  std::ostream& err_;
  redisContext* context_ = nullptr;
};

}  // namespace lockscope::cli
