// The base of the Redis lock recipes: sending a command to one shard or to all of them (Redlock
// multiplexes), sleeping on the client's process, the random value that names our lock, and the
// results the driver records. Redis has no watches, so a waiter polls: onWatchEvent is empty.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "backends/api/redis_client.h"
#include "lock_recipe.h"
#include "lock_steps.h"
#include "polling_recipe.h"
#include "sim/coro/callback_awaiter.h"
#include "sim/coro/sleep.h"

namespace lockscope::recipes {

using redis::Command;
using redis::Reply;

// Every shard's reply to one command, and when (on our clock) the `quorum`-th OK arrived.
struct FanOutResult {
  std::vector<Reply> replies;  // in shard order
  int64_t quorumAtMs = -1;     // -1: never
};

class RedisRecipe : public LockRecipe {
 public:
  explicit RedisRecipe(RecipeEnvironment& environment) : LockRecipe(environment) {}
  void onWatchEvent(const zookeeper::WatchedEvent&) override {}

 protected:
  coro::CallbackAwaiter<Reply> send(size_t shard, Command argv);
  // Sends `argv` to every shard at once and resumes when all have answered (or timed out).
  coro::CallbackAwaiter<FanOutResult> sendToAll(Command argv, size_t quorum = 0);
  coro::CallbackAwaiter<coro::Slept> sleepMs(int64_t milliseconds);

  // "c1:5f0c2a9e41d3b786": unique per lock request, drawn from the Chooser (the doc's 20 random
  // bytes; the client name only makes traces readable).
  std::string newToken();
  int64_t clockMs() const { return env_.localClockMs(); }
  size_t shards() const { return env_.redis.size(); }
  const std::string& key() const { return parameters().lockKey; }
  std::string ttlText() const { return std::to_string(parameters().ttlMs); }

  // EVAL compare_and_delete(lock, <our token>): deletes the lock only while it still holds our
  // token (reply 1), so a lease that expired and went to another client stays theirs.
  Command compareAndDelete() const;
  // The single-instance release: compare-and-delete on the one shard; true if the lock was ours.
  coro::Task<bool> releaseIfOurs();

  AcquireResult holding(int64_t fencingToken = 0) const;
  AcquireResult failed(AcquireFailure why, std::string detail = "") const;

  // Owns the recipe's callbacks: a reply or timer that outlives the recipe does nothing.
  coro::Lifetime life_ = coro::makeLifetime();
  std::string token_;  // the value of the lock we hold or last tried
};

// The single-instance recipes' loop (polling_recipe.h).
using PollingRedisRecipe = PollingRecipe<RedisRecipe>;

}  // namespace lockscope::recipes
