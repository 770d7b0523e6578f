// redis-fenced: Redisson's FencedLock. The acquire script sets the key (NX PX) and increments a
// counter beside it in one atomic step; the counter is the fencing token the protected resource
// checks, so a holder whose key expired under it is turned away at the resource. (The counter
// lives on the same master: a failover that loses an INCR can hand out a token twice.)
#include "backends/api/redis_scripts.h"
#include "redis_recipe.h"
#include "redis_recipes.h"

namespace lockscope::recipes {
namespace {

constexpr CodeLine kAcquireScript{1, "fenced_acquire"};
constexpr CodeLine kOurs{2, "the lock is ours"};
constexpr CodeLine kWait{3, "sleep"};
constexpr CodeLine kRelease{4, "compare_and_delete"};

class RedisFenced final : public PollingRedisRecipe {
 public:
  explicit RedisFenced(RecipeEnvironment& environment) : PollingRedisRecipe(environment, kWait) {}

  coro::Task<bool> release(LockMode) override {
    line(kRelease);
    co_return co_await releaseIfOurs();
  }

 protected:
  coro::Task<std::optional<AcquireResult>> attempt(LockMode) override {
    token_ = newToken();
    line(kAcquireScript);
    const Command command = {
        "EVAL", std::string(redis::scripts::kFencedAcquire), "1", key(), token_, ttlText()};
    const Reply fence = co_await send(0, command);
    if (fence.type != redis::ReplyType::Integer) co_return std::nullopt;
    line(kOurs);
    co_return holding(fence.integer);
  }
};

}  // namespace

RecipeDescription describeRedisFenced() {
  return RecipeDescription{
      .name = "redis-fenced",
      .summary =
          "SET NX PX and INCR of a fencing token in one script; the resource checks the token",
      .pseudocode =
          {
              "EVAL fenced_acquire(lock, <token>, ttl_ms): SET NX PX, then INCR lock:fence",
              "a number: the lock is ours; present it to the resource as the fencing token",
              "nil: sleep retry_delay_ms, then go to 1 (until the deadline)",
              "release: EVAL compare_and_delete(lock, <token>)",
          },
      .codeLines = {kAcquireScript, kOurs, kWait, kRelease},
      .fair = false,
      .backend = "redis",
      .make = [](RecipeEnvironment& environment) -> std::unique_ptr<LockRecipe> {
        return std::make_unique<RedisFenced>(environment);
      },
  };
}

}  // namespace lockscope::recipes
