#include "redis_blocking.h"

#include <hiredis/hiredis.h>

#include <sys/time.h>
#include <algorithm>

#include <memory>
#include <vector>

#include "argv_view.h"
#include "live_redis_client.h"

namespace lockscope::live::redis {
namespace {

struct ContextFree {
  void operator()(redisContext* context) const { redisFree(context); }
};
struct ReplyFree {
  void operator()(redisReply* reply) const { freeReplyObject(reply); }
};

timeval toTimeval(int64_t ms) {
  return {static_cast<time_t>(ms / 1000), static_cast<suseconds_t>((ms % 1000) * 1000)};
}

}  // namespace

Result<lockscope::redis::Reply> commandAndWait(const RedisAddress& address,
                                               const lockscope::redis::Command& argv,
                                               int64_t timeoutMs) {
  std::unique_ptr<redisContext, ContextFree> context(
      redisConnectWithTimeout(address.host.c_str(), address.port, toTimeval(timeoutMs)));
  if (!context || context->err) {
    return Status::failure("cannot reach Redis at " + address.text() + ": " +
                           (context ? context->errstr : "out of memory"));
  }
  redisSetTimeout(context.get(), toTimeval(timeoutMs));
  if (const std::optional<RedisLogin>& login = redisLogin()) {
    const lockscope::redis::Command auth = authCommand(*login);
    ArgvView view(auth);
    std::unique_ptr<redisReply, ReplyFree> reply(static_cast<redisReply*>(
        redisCommandArgv(context.get(), view.count(), view.words.data(), view.lengths.data())));
    if (!reply || reply->type == REDIS_REPLY_ERROR) {
      // The server's own words (WRONGPASS ...) never hold the password we sent.
      return Status::failure("Redis at " + address.text() + " refuses the login: " +
                             (reply ? std::string(reply->str, std::min<size_t>(reply->len, 120))
                                    : std::string(context->errstr)));
    }
  }
  ArgvView view(argv);
  std::unique_ptr<redisReply, ReplyFree> reply(static_cast<redisReply*>(
      redisCommandArgv(context.get(), view.count(), view.words.data(), view.lengths.data())));
  if (!reply) {
    return Status::failure("Redis at " + address.text() + " did not answer " + argv.front() +
                           " within " + std::to_string(timeoutMs) + " ms: " + context->errstr);
  }
  return fromHiredis(reply.get());
}

lockscope::redis::Command authCommand(const RedisLogin& login) {
  if (login.user.empty()) return {"AUTH", login.password};
  return {"AUTH", login.user, login.password};
}

Status probeRedis(const std::string& addresses, int64_t timeoutMs) {
  const Result<std::vector<RedisAddress>> parsed = parseServerList(addresses);
  if (!parsed) return parsed.status();
  for (const RedisAddress& address : *parsed) {
    const auto reply = commandAndWait(address, {"PING"}, timeoutMs);
    if (!reply) return reply.status();
    // A server that wants a password answers every command with NOAUTH: the clients would get
    // nothing else, so it counts as unreachable (the server's text is its own, not ours).
    if (reply->type == lockscope::redis::ReplyType::Error) {
      return Status::failure("Redis at " + address.text() +
                             " refuses the run: " + reply->text.substr(0, 120));
    }
  }
  return Status::success();
}

}  // namespace lockscope::live::redis
