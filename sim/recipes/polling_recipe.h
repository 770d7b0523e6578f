// The polling recipes' loop, for a service without watches or a waiting queue of its own (Redis'
// SET NX, a database's lock table): try once, and while the lock is someone else's, wait
// retry_delay_ms on the client's process and try again until the timed acquire's deadline.
//
//   class RedisSetPx final : public PollingRecipe<RedisRecipe> { ... attempt() ... };
//
// `Base` is the service's recipe base (RedisRecipe, DatabaseRecipe): it gives line(),
// sleepMs() and failed(AcquireFailure).
#pragma once

#include <algorithm>
#include <optional>

#include "lock_recipe.h"
#include "lock_steps.h"

namespace lockscope::recipes {

template <typename Base>
class PollingRecipe : public Base {
 public:
  // `waitLine`: the pseudocode line of the wait between attempts.
  PollingRecipe(RecipeEnvironment& environment, CodeLine waitLine)
      : Base(environment), waitLine_(waitLine) {}

  coro::Task<AcquireResult> acquire(LockMode mode) override {
    const Deadline deadline(this->env_.world, this->parameters().acquireTimeoutMs);
    for (;;) {
      std::optional<AcquireResult> result = co_await attempt(mode);
      if (result) co_return *result;
      this->line(waitLine_);
      if (deadline.passed()) co_return this->failed(AcquireFailure::TimedOut);
      const int64_t waitMs = deadline.remaining() < 0
                                 ? retryDelayMs()
                                 : std::min(retryDelayMs(),
                                            sim::toMillis(deadline.remaining()) + 1);
      co_await this->sleepMs(waitMs);
    }
  }

 protected:
  // One attempt: the result when it ended the acquire (acquired or failed), nullopt to retry.
  virtual coro::Task<std::optional<AcquireResult>> attempt(LockMode mode) = 0;
  // How long to wait before the next attempt (the PTTL a reentrant attempt saw may be shorter).
  virtual int64_t retryDelayMs() const { return this->parameters().retryDelayMs; }

 private:
  CodeLine waitLine_;
};

}  // namespace lockscope::recipes
