// redis-unsafe-del, redis-lock and redis-watchdog: SET lock <token> NX PX ttl, the atomic acquire
// with an expiry. They differ in what follows: a plain DEL (which frees whoever holds the lock
// now, not necessarily us), the compare-and-delete script, and a lease the holder renews with
// compare-and-extend every renew_every_ms (Redisson's watchdog: every ttl/3). The renewal runs on
// the holder's process, so a paused holder stops renewing too.
#include "backends/api/redis_scripts.h"
#include "redis_recipe.h"
#include "redis_recipes.h"

namespace lockscope::recipes {
namespace {

constexpr CodeLine kSet{1, "SET lock"};
constexpr CodeLine kOurs{2, "the lock is ours"};
constexpr CodeLine kWait{3, "sleep"};
constexpr CodeLine kRenew{4, "compare_and_extend"};
constexpr CodeLine kDelete{4, "release: DEL"};  // redis-unsafe-del's line 4
constexpr CodeLine kCompareAndDelete{5, "compare_and_delete"};

class RedisSetPx final : public PollingRedisRecipe {
 public:
  enum class Release { PlainDel, CompareAndDelete };

  RedisSetPx(RecipeEnvironment& environment, Release releaseBy, int64_t renewEveryMs)
      : PollingRedisRecipe(environment, kWait),
        releaseBy_(releaseBy),
        renewEveryMs_(renewEveryMs) {}

  coro::Task<bool> release(LockMode) override {
    ++generation_;  // stops the renewals
    if (releaseBy_ == Release::PlainDel) {
      line(kDelete);
      const Command command = {"DEL", key()};
      const Reply deleted = co_await send(0, command);
      co_return deleted.isInteger(1);
    }
    line(kCompareAndDelete);
    co_return co_await releaseIfOurs();
  }

 protected:
  coro::Task<std::optional<AcquireResult>> attempt(LockMode) override {
    token_ = newToken();
    line(kSet);
    const Command command = {"SET", key(), token_, "NX", "PX", ttlText()};
    const Reply set = co_await send(0, command);
    if (!set.isOk()) co_return std::nullopt;
    line(kOurs);
    if (renewEveryMs_ > 0) background_.start(renew(++generation_));
    co_return holding();
  }

 private:
  coro::Task<void> renew(uint64_t generation) {
    for (;;) {
      co_await sleepMs(renewEveryMs_);
      if (generation != generation_) co_return;
      line(kRenew);
      const Command command = {
          "EVAL", std::string(redis::scripts::kCompareAndExtend), "1", key(), token_, ttlText()};
      const Reply extended = co_await send(0, command);
      if (generation != generation_) co_return;
      if (extended.isInteger(0)) {
        env_.world.record({.kind = sim::TraceKind::Note,
                           .actor = env_.clientName,
                           .detail = "the lease was lost: the key is no longer ours"});
        co_return;
      }
    }
  }

  Release releaseBy_;
  int64_t renewEveryMs_;
  uint64_t generation_ = 0;
  BackgroundTasks background_;
};

std::vector<std::string_view> setPxPseudocode(std::string_view releaseLine) {
  return {
      "SET lock <token> NX PX ttl_ms",
      "OK: the lock is ours",
      "nil: sleep retry_delay_ms, then go to 1 (until the deadline)",
      "every renew_every_ms while held: EVAL compare_and_extend(lock, <token>, ttl_ms); 0: lost",
      releaseLine,
  };
}

}  // namespace

RecipeDescription describeRedisUnsafeDel() {
  return RecipeDescription{
      .name = "redis-unsafe-del",
      .summary = "SET NX PX, release by plain DEL: a holder whose key expired frees the next one's",
      .pseudocode =
          {
              "SET lock <token> NX PX ttl_ms",
              "OK: the lock is ours",
              "nil: sleep retry_delay_ms, then go to 1 (until the deadline)",
              "release: DEL lock (whoever's it is now)",
          },
      .codeLines = {kSet, kOurs, kWait, kDelete},
      .fair = false,
      .backend = "redis",
      .make = [](RecipeEnvironment& environment) -> std::unique_ptr<LockRecipe> {
        return std::make_unique<RedisSetPx>(environment, RedisSetPx::Release::PlainDel, 0);
      },
  };
}

RecipeDescription describeRedisLock() {
  return RecipeDescription{
      .name = "redis-lock",
      .summary = "SET NX PX, release by compare-and-delete; optional extension (renew_every_ms)",
      .pseudocode = setPxPseudocode("release: EVAL compare_and_delete(lock, <token>)"),
      .codeLines = {kSet, kOurs, kWait, kRenew, kCompareAndDelete},
      .fair = false,
      .backend = "redis",
      .make = [](RecipeEnvironment& environment) -> std::unique_ptr<LockRecipe> {
        return std::make_unique<RedisSetPx>(environment, RedisSetPx::Release::CompareAndDelete,
                                            environment.parameters.renewEveryMs);
      },
  };
}

RecipeDescription describeRedisWatchdog() {
  return RecipeDescription{
      .name = "redis-watchdog",
      .summary = "redis-lock whose holder renews the lease every ttl/3 (Redisson's watchdog)",
      .pseudocode = setPxPseudocode(
          "release: stop renewing; EVAL compare_and_delete(lock, <token>)"),
      .codeLines = {kSet, kOurs, kWait, kRenew, kCompareAndDelete},
      .fair = false,
      .backend = "redis",
      .make = [](RecipeEnvironment& environment) -> std::unique_ptr<LockRecipe> {
        const int64_t every = environment.parameters.renewEveryMs > 0
                                  ? environment.parameters.renewEveryMs
                                  : std::max<int64_t>(1, environment.parameters.ttlMs / 3);
        return std::make_unique<RedisSetPx>(environment, RedisSetPx::Release::CompareAndDelete,
                                            every);
      },
  };
}

}  // namespace lockscope::recipes
