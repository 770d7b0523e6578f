// redis-setnx and redis-setnx-expire: the seeds' first Redis locks. SETNX is atomic, but a key
// without an expiry outlives a crashed holder, and an expiry set by a second command is lost when
// the holder dies between the two: either way the lock is held forever.
#include "redis_recipe.h"
#include "redis_recipes.h"

namespace lockscope::recipes {
namespace {

class RedisSetnx final : public PollingRedisRecipe {
 public:
  // withExpire: redis-setnx-expire (PEXPIRE after a successful SETNX).
  RedisSetnx(RecipeEnvironment& environment, bool withExpire)
      : PollingRedisRecipe(environment, withExpire ? 4 : 3), withExpire_(withExpire) {}

  coro::Task<bool> release(LockMode) override {
    line(withExpire_ ? 5 : 4);
    const Command command = {"DEL", key()};
    const Reply deleted = co_await send(0, command);
    co_return deleted.type == redis::ReplyType::Integer;
  }

 protected:
  coro::Task<std::optional<AcquireResult>> attempt(LockMode) override {
    token_ = newToken();
    line(1);
    const Command command = {"SETNX", key(), token_};
    const Reply set = co_await send(0, command);
    if (!set.isInteger(1)) co_return std::nullopt;
    if (withExpire_) {
      line(2);
      const Command command = {"PEXPIRE", key(), ttlText()};
      co_await send(0, command);
    }
    line(withExpire_ ? 3 : 2);
    co_return holding();
  }

 private:
  bool withExpire_;
};

}  // namespace

RecipeDescription describeRedisSetnx() {
  return RecipeDescription{
      .name = "redis-setnx",
      .summary = "SETNX with no expiry, release by DEL: a crashed holder keeps the lock forever",
      .pseudocode =
          {
              "SETNX lock <token>",
              "1: the lock is ours",
              "0: sleep retry_delay_ms, then go to 1 (until the deadline)",
              "release: DEL lock",
          },
      .fair = false,
      .backend = "redis",
      .make = [](RecipeEnvironment& environment) -> std::unique_ptr<LockRecipe> {
        return std::make_unique<RedisSetnx>(environment, false);
      },
  };
}

RecipeDescription describeRedisSetnxExpire() {
  return RecipeDescription{
      .name = "redis-setnx-expire",
      .summary = "SETNX, then PEXPIRE as a second command: a crash between them leaves no expiry",
      .pseudocode =
          {
              "SETNX lock <token>",
              "1: PEXPIRE lock ttl_ms (a second command)",
              "the lock is ours",
              "0: sleep retry_delay_ms, then go to 1 (until the deadline)",
              "release: DEL lock",
          },
      .fair = false,
      .backend = "redis",
      .make = [](RecipeEnvironment& environment) -> std::unique_ptr<LockRecipe> {
        return std::make_unique<RedisSetnx>(environment, true);
      },
  };
}

}  // namespace lockscope::recipes
