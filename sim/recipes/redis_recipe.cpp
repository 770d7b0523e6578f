#include "redis_recipe.h"

#include <algorithm>
#include <memory>

#include "backends/api/redis_scripts.h"

namespace lockscope::recipes {

coro::CallbackAwaiter<Reply> RedisRecipe::send(size_t shard, Command argv) {
  return {life_, [this, shard, argv = std::move(argv)](auto resolve) mutable {
            env_.redis.at(shard)->command(std::move(argv),
                                          [resolve](const Reply& reply) { resolve(reply); });
          }};
}

Command RedisRecipe::compareAndDelete() const {
  const std::string& own = parameters().unlockScript;
  return {"EVAL", own.empty() ? std::string(redis::scripts::kCompareAndDelete) : own, "1", key(),
          token_};
}

coro::Task<bool> RedisRecipe::releaseIfOurs() {
  const Reply deleted = co_await send(0, compareAndDelete());
  co_return deleted.isInteger(1);
}

coro::CallbackAwaiter<FanOutResult> RedisRecipe::sendToAll(Command argv, size_t quorum) {
  return {life_, [this, argv = std::move(argv), quorum](auto resolve) {
            struct Gathering {
              FanOutResult result;
              size_t left = 0;
              size_t oks = 0;
            };
            auto gathering = std::make_shared<Gathering>();
            gathering->result.replies.resize(env_.redis.size());
            gathering->left = env_.redis.size();
            for (size_t shard = 0; shard < env_.redis.size(); ++shard) {
              env_.redis[shard]->command(
                  argv, [this, gathering, shard, quorum, resolve](const Reply& reply) {
                    gathering->result.replies[shard] = reply;
                    if (reply.isOk() && ++gathering->oks == quorum)
                      gathering->result.quorumAtMs = clockMs();
                    if (--gathering->left == 0) resolve(gathering->result);
                  });
            }
          }};
}

coro::CallbackAwaiter<coro::Slept> RedisRecipe::sleepMs(int64_t milliseconds) {
  return coro::sleepFor(env_.process, sim::fromMillis(milliseconds), life_);
}

std::string RedisRecipe::newToken() {
  static constexpr char hex[] = "0123456789abcdef";
  std::string token = env_.clientName + ":";
  for (int i = 0; i < 16; ++i) token += hex[env_.world.chooser().choose(16, "redis lock token")];
  return token;
}

AcquireResult RedisRecipe::holding(int64_t fencingToken) const {
  return AcquireResult{.acquired = true, .fencingToken = fencingToken, .node = key()};
}

AcquireResult RedisRecipe::failed(AcquireFailure why, std::string detail) const {
  return AcquireResult{.node = key(), .failure = why, .detail = std::move(detail)};
}

}  // namespace lockscope::recipes
