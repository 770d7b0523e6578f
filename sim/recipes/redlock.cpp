// redlock: the Redlock algorithm over N independent masters (redis.io distributed-locks page,
// redlock-rb's constants). Take the time, SET NX PX on every master at once, and count: the lock
// is ours when a majority said OK and validity = ttl - elapsed - drift is still positive. Any
// failure unlocks every master (even those that did not answer) and retries after a random delay
// from the Chooser, so contenders stop splitting the vote.
//
// redlock_timer_after_quorum starts the clock when the quorum is reached instead of before the
// first SET (node-redlock PR #167): a pause while the replies wait is then not measured, which is
// Kleppmann's GC-pause counterexample.
#include "redis_recipe.h"
#include "redis_recipes.h"

namespace lockscope::recipes {
namespace {

constexpr CodeLine kStart{1, "start = now()"};
constexpr CodeLine kSetAll{2, "SET lock"};
constexpr CodeLine kValidity{3, "validity ="};
constexpr CodeLine kOurs{4, "the lock is ours"};
constexpr CodeLine kUnlockAll{5, "else:"};
constexpr CodeLine kRetry{6, "sleep"};
constexpr CodeLine kGiveUp{7, "give up"};
constexpr CodeLine kRelease{8, "release:"};

class Redlock final : public RedisRecipe {
 public:
  explicit Redlock(RecipeEnvironment& environment) : RedisRecipe(environment) {}

  coro::Task<AcquireResult> acquire(LockMode) override {
    const size_t quorum = shards() / 2 + 1;
    const int64_t ttlMs = parameters().ttlMs;
    // redlock-rb: 1 % of the TTL, plus 2 ms for Redis' expiry precision and a minimum drift.
    const int64_t driftMs = ttlMs / 100 + 2;
    for (int attempt = 0;; ++attempt) {
      token_ = newToken();
      line(kStart);
      int64_t startMs = clockMs();
      line(kSetAll);
      const Command command = {"SET", key(), token_, "NX", "PX", ttlText()};
      const FanOutResult set = co_await sendToAll(command, quorum);
      size_t locked = 0;
      for (const Reply& reply : set.replies) locked += reply.isOk() ? 1 : 0;
      if (parameters().redlockTimerAfterQuorum && set.quorumAtMs >= 0) startMs = set.quorumAtMs;
      line(kValidity);
      const int64_t validityMs = ttlMs - (clockMs() - startMs) - driftMs;
      const std::string tally = std::to_string(locked) + " of " + std::to_string(shards()) +
                                " locked, validity " + std::to_string(validityMs) + " ms";
      note(tally);
      if (locked >= quorum && validityMs > 0) {
        line(kOurs);
        co_return holding();
      }
      line(kUnlockAll);
      co_await unlockAll();
      if (parameters().retries >= 0 && attempt >= parameters().retries) {
        line(kGiveUp);
        co_return failed(locked < quorum ? AcquireFailure::NoQuorum : AcquireFailure::NoValidity,
                         tally);
      }
      line(kRetry);
      const int64_t delayMs = static_cast<int64_t>(env_.world.chooser().choose(
          static_cast<uint64_t>(std::max<int64_t>(parameters().retryDelayMs, 1)),
          "redlock retry delay"));
      co_await sleepMs(delayMs);
    }
  }

  coro::Task<bool> release(LockMode) override {
    line(kRelease);
    const FanOutResult deleted = co_await unlockAll();
    size_t ours = 0;
    for (const Reply& reply : deleted.replies) ours += reply.isInteger(1) ? 1 : 0;
    co_return ours >= shards() / 2 + 1;
  }

 private:
  coro::CallbackAwaiter<FanOutResult> unlockAll() { return sendToAll(compareAndDelete()); }
  void note(const std::string& text) {
    env_.world.record({.kind = sim::TraceKind::Note,
                       .actor = env_.clientName,
                       .op = sim::NoteOp::Redlock,
                       .detail = text});
  }
};

}  // namespace

RecipeDescription describeRedlock() {
  return RecipeDescription{
      .name = "redlock",
      .summary = "Redlock: SET NX PX on N masters, quorum N/2+1, validity = ttl - elapsed - drift",
      .pseudocode =
          {
              "start = now() (our clock)",
              "SET lock <token> NX PX ttl_ms on every master at once (each with its timeout)",
              "validity = ttl_ms - (now() - start) - (ttl_ms/100 + 2)",
              "OKs >= N/2+1 and validity > 0: the lock is ours for validity ms",
              "else: EVAL compare_and_delete(lock, <token>) on every master",
              "sleep a random 0..retry_delay_ms, then go to 1",
              "out of retries: give up",
              "release: EVAL compare_and_delete(lock, <token>) on every master",
          },
      .codeLines = {kStart, kSetAll, kValidity, kOurs, kUnlockAll, kRetry, kGiveUp, kRelease},
      .fair = false,
      .backend = "redis",
      .make = [](RecipeEnvironment& environment) -> std::unique_ptr<LockRecipe> {
        return std::make_unique<Redlock>(environment);
      },
  };
}

}  // namespace lockscope::recipes
