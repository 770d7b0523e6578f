#include "redis_shell_live.h"

#include <hiredis/hiredis.h>

#include <ostream>

#include "backends/live/live_credentials.h"
#include "backends/live/redis/argv_view.h"
#include "backends/live/redis/live_redis_client.h"
#include "backends/live/redis/redis_blocking.h"
#include "live_option.h"

namespace lockscope::cli {
namespace {

timeval millis(int64_t ms) {
  return {static_cast<time_t>(ms / 1000), static_cast<suseconds_t>((ms % 1000) * 1000)};
}

redis::Reply commandOn(redisContext* context, const redis::Command& argv) {
  live::redis::ArgvView view(argv);
  auto* reply = static_cast<redisReply*>(
      redisCommandArgv(context, view.count(), view.words.data(), view.lengths.data()));
  redis::Reply converted = live::redis::fromHiredis(reply);
  if (reply) freeReplyObject(reply);
  return converted;
}

}  // namespace

RedisShellLive::RedisShellLive(live::ServerAddress address, std::ostream& err)
    : address_(std::move(address)), err_(err) {}

RedisShellLive::~RedisShellLive() {
  if (context_) redisFree(context_);
}

bool RedisShellLive::connect() {
  if (context_) redisFree(context_);
  context_ = redisConnectWithTimeout(address_.host.c_str(), address_.port,
                                     millis(kLiveConnectTimeoutMs));
  if (!context_ || context_->err) {
    err_ << "Could not connect to Redis at " << address_.text() << ": "
         << (context_ ? context_->errstr : "out of memory") << "\n";
    if (context_) redisFree(context_);
    context_ = nullptr;
    return false;
  }
  // A login from the environment (live_credentials.h), as the other live commands use it.
  if (const auto& login = live::redisLogin()) {
    const redis::Reply reply = commandOn(context_, live::redis::authCommand(*login));
    if (reply.type == redis::ReplyType::Error || reply.failed()) {
      err_ << "Could not connect to Redis at " << address_.text()
           << ": the server refuses the login\n";
      redisFree(context_);
      context_ = nullptr;
      return false;
    }
  }
  return true;
}

redis::Reply RedisShellLive::send(const redis::Command& argv) {
  if (!context_ && !connect()) return redis::Reply::timeout();
  redis::Reply reply = commandOn(context_, argv);
  if (reply.failed()) {
    err_ << "Error: " << context_->errstr << "\n";
    redisFree(context_);
    context_ = nullptr;
  }
  return reply;
}

}  // namespace lockscope::cli
