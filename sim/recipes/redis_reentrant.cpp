// redis-reentrant: Redisson's RLock. The lock is a hash from owner to hold count; the acquire
// script takes it when the key is missing or already ours (count + 1) and otherwise answers the
// key's PTTL, which bounds the wait; the release script counts down and deletes the key at 0.
#include "backends/api/redis_scripts.h"
#include "redis_recipe.h"
#include "redis_recipes.h"

namespace lockscope::recipes {
namespace {

constexpr CodeLine kAcquireScript{1, "reentrant_acquire"};
constexpr CodeLine kOurs{2, "the lock is ours"};
constexpr CodeLine kWait{3, "sleep"};
constexpr CodeLine kRelease{4, "reentrant_release"};

class RedisReentrant final : public PollingRedisRecipe {
 public:
  explicit RedisReentrant(RecipeEnvironment& environment)
      : PollingRedisRecipe(environment, kWait), owner_(newToken()) {}

  coro::Task<bool> release(LockMode) override {
    line(kRelease);
    const Command command = {
        "EVAL", std::string(redis::scripts::kReentrantRelease), "1", key(), ttlText(), owner_};
    const Reply left = co_await send(0, command);
    co_return left.type == redis::ReplyType::Integer;  // nil: we held nothing (it expired)
  }

 protected:
  coro::Task<std::optional<AcquireResult>> attempt(LockMode) override {
    line(kAcquireScript);
    const Command command = {
        "EVAL", std::string(redis::scripts::kReentrantAcquire), "1", key(), ttlText(), owner_};
    const Reply held = co_await send(0, command);
    lastPttlMs_ = held.type == redis::ReplyType::Integer ? held.integer : -1;
    if (!held.isNil()) co_return std::nullopt;
    line(kOurs);
    co_return holding();
  }

  // Someone else holds it: wait no longer than it has left (Redisson waits on pub/sub, bounded
  // by the PTTL; we poll).
  int64_t retryDelayMs() const override {
    const int64_t delay = parameters().retryDelayMs;
    return lastPttlMs_ > 0 ? std::min(delay, lastPttlMs_ + 1) : delay;
  }

 private:
  std::string owner_;  // "<client>:<random>": Redisson's <uuid>:<thread id>
  int64_t lastPttlMs_ = -1;
};

}  // namespace

RecipeDescription describeRedisReentrant() {
  return RecipeDescription{
      .name = "redis-reentrant",
      .summary =
          "Redisson's RLock: a hash of owner -> hold count, acquired and released by scripts",
      .pseudocode =
          {
              "EVAL reentrant_acquire(lock, ttl_ms, <owner>): free or ours: HINCRBY +1, PEXPIRE",
              "nil: the lock is ours (once more)",
              "a PTTL: sleep min(retry_delay_ms, PTTL), then go to 1 (until the deadline)",
              "release: EVAL reentrant_release(lock, ttl_ms, <owner>): HINCRBY -1; at 0 DEL",
          },
      .codeLines = {kAcquireScript, kOurs, kWait, kRelease},
      .fair = false,
      .backend = "redis",
      .make = [](RecipeEnvironment& environment) -> std::unique_ptr<LockRecipe> {
        return std::make_unique<RedisReentrant>(environment);
      },
  };
}

}  // namespace lockscope::recipes
