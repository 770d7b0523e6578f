#include "redis_blocking.h"

#include <hiredis/hiredis.h>
#include <sys/time.h>

#include <memory>
#include <vector>

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

std::optional<lockscope::redis::Reply> commandAndWait(const RedisAddress& address,
                                                      const lockscope::redis::Command& argv,
                                                      int64_t timeoutMs, std::string& error) {
  std::unique_ptr<redisContext, ContextFree> context(
      redisConnectWithTimeout(address.host.c_str(), address.port, toTimeval(timeoutMs)));
  if (!context || context->err) {
    error = "cannot reach Redis at " + address.text() + ": " +
            (context ? context->errstr : "out of memory");
    return std::nullopt;
  }
  redisSetTimeout(context.get(), toTimeval(timeoutMs));
  std::vector<const char*> words;
  std::vector<size_t> lengths;
  for (const std::string& word : argv) {
    words.push_back(word.data());
    lengths.push_back(word.size());
  }
  std::unique_ptr<redisReply, ReplyFree> reply(static_cast<redisReply*>(redisCommandArgv(
      context.get(), static_cast<int>(words.size()), words.data(), lengths.data())));
  if (!reply) {
    error = "Redis at " + address.text() + " did not answer " + argv.front() + " within " +
            std::to_string(timeoutMs) + " ms: " + context->errstr;
    return std::nullopt;
  }
  return fromHiredis(reply.get());
}

bool probeRedis(const std::string& addresses, int64_t timeoutMs, std::string& error) {
  const std::optional<std::vector<RedisAddress>> parsed = parseAddresses(addresses, error);
  if (!parsed) return false;
  for (const RedisAddress& address : *parsed) {
    const auto reply = commandAndWait(address, {"PING"}, timeoutMs, error);
    if (!reply) return false;
    // A server that wants a password answers every command with NOAUTH: the clients would get
    // nothing else, so it counts as unreachable (the server's text is its own, not ours).
    if (reply->type == lockscope::redis::ReplyType::Error) {
      error = "Redis at " + address.text() + " refuses the run: " + reply->text.substr(0, 120);
      return false;
    }
  }
  return true;
}

std::string infoField(const std::string& info, const std::string& field) {
  const std::string prefix = field + ":";
  for (size_t start = 0; start < info.size();) {
    size_t end = info.find('\n', start);
    if (end == std::string::npos) end = info.size();
    std::string line = info.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.rfind(prefix, 0) == 0) return line.substr(prefix.size());
    start = end + 1;
  }
  return {};
}

}  // namespace lockscope::live::redis
