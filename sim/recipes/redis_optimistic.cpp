// redis-optimistic and redis-blind-update: no lock at all, the counter itself in Redis. Redis'
// optimistic locking is WATCH: a client watches the counter, reads it, and writes read + 1 inside
// MULTI ... EXEC; EXEC answers nil, running nothing, when the counter was written after the WATCH,
// and the client reads again and retries. redis-blind-update is the same client without WATCH and
// MULTI: GET, then SET of what it read plus one, whatever happened in between - the lost update
// the WATCH prevents. The Redis twins of db-optimistic and db-blind-update.
#include <charconv>

#include "optimistic_lines.h"
#include "redis_recipe.h"
#include "redis_recipes.h"

namespace lockscope::recipes {
namespace {

// The protected counter's key.
constexpr const char* kCounterKey = "counter";

constexpr OptimisticLines kWatchLines{.begin = {1, "no lock"},
                                      .read = {2, "WATCH counter"},
                                      .write = {3, "MULTI"},
                                      .retry = {4, "EXEC answered nil"},
                                      .done = {5, "done"}};
constexpr OptimisticLines kBlindLines{.begin = {1, "no lock"},
                                      .read = {2, "GET counter"},
                                      .write = {3, "SET counter"},
                                      .done = {4, "done"}};

class RedisOptimistic final : public RedisRecipe {
 public:
  RedisOptimistic(RecipeEnvironment& environment, bool watches)
      : RedisRecipe(environment), lines_(watches ? kWatchLines : kBlindLines), watches_(watches) {}

  coro::Task<AcquireResult> acquire(LockMode) override {
    line(lines_.begin);
    co_return holding();
  }
  coro::Task<bool> release(LockMode) override {
    line(lines_.done);
    co_return true;
  }

  // The counter lives in Redis: the plan's read and write are commands.
  bool ownsResource() const override { return true; }

  // [WATCH counter;] GET counter: remembers the value (nil: 0, where the counter starts) and
  // records the read.
  coro::Task<void> readResource(int64_t token) override {
    line(lines_.read);
    if (watches_) {
      const Command watch = {"WATCH", kCounterKey};
      const Reply watched = co_await send(0, watch);
      if (!watched.isOk()) {
        recordNote("WATCH failed: " + watched.describe());
        co_return;
      }
    }
    const Command get = {"GET", kCounterKey};
    const Reply read = co_await send(0, get);
    int64_t value = 0;
    const char* end = read.text.data() + read.text.size();
    if (!read.isNil() && (read.type != redis::ReplyType::String ||
                          std::from_chars(read.text.data(), end, value).ptr != end)) {
      recordNote("GET failed: " + read.describe());
      co_return;
    }
    read_ = value;
    recordResource(sim::ResourceOp::Read, std::to_string(read_), "", token);
  }

  // SET counter <read + 1>, inside MULTI ... EXEC when watching; a nil EXEC (the counter moved
  // since the WATCH) is recorded as a rejected write, and the client reads again and retries.
  coro::Task<void> writeResource(int64_t token) override {
    for (;;) {
      line(lines_.write);
      const std::string value = std::to_string(read_ + 1);
      const Command set = {"SET", kCounterKey, value};
      if (!watches_) {
        const Reply written = co_await send(0, set);
        const bool accepted = written.isOk();
        recordResource(accepted ? sim::ResourceOp::Write : sim::ResourceOp::Rejected, value,
                       accepted ? "" : written.describe(), token);
        co_return;
      }
      const Command multi = {"MULTI"};
      const Command exec = {"EXEC"};
      co_await send(0, multi);
      co_await send(0, set);
      const Reply ran = co_await send(0, exec);
      if (ran.type == redis::ReplyType::Array) {
        recordResource(sim::ResourceOp::Write, value, "", token);
        co_return;
      }
      recordResource(sim::ResourceOp::Rejected, value, ran.isNil() ? "EXEC nil" : ran.describe(),
                     token);
      if (!ran.isNil()) co_return;  // no answer or an error: not a lost race, not retried
      line(lines_.retry);
      co_await readResource(token);
    }
  }

 private:
  OptimisticLines lines_;
  bool watches_;
  int64_t read_ = 0;  // what the last read saw
};

}  // namespace

RecipeDescription describeRedisOptimistic() {
  return RecipeDescription{
      .name = "redis-optimistic",
      .summary =
          "no lock: WATCH counter, GET, then MULTI; SET read + 1; EXEC; nil: someone wrote "
          "first, read again and retry",
      .pseudocode =
          {
              "no lock: every client works at once",
              "WATCH counter; GET counter",
              "MULTI; SET counter <read + 1>; EXEC",
              "EXEC answered nil: counter was written since WATCH; go to 2",
              "done",
          },
      .codeLines = kWatchLines.named(),
      .fair = false,
      .excludes = false,
      .backend = "redis",
      .make = [](RecipeEnvironment& environment) -> std::unique_ptr<LockRecipe> {
        return std::make_unique<RedisOptimistic>(environment, true);
      },
  };
}

RecipeDescription describeRedisBlindUpdate() {
  return RecipeDescription{
      .name = "redis-blind-update",
      .summary =
          "no lock and no WATCH: GET counter, SET counter read + 1: a concurrent writer's "
          "update is lost",
      .pseudocode =
          {
              "no lock: every client works at once",
              "GET counter",
              "SET counter <read + 1>",
              "done",
          },
      .codeLines = kBlindLines.named(),
      .fair = false,
      .excludes = false,
      .backend = "redis",
      .make = [](RecipeEnvironment& environment) -> std::unique_ptr<LockRecipe> {
        return std::make_unique<RedisOptimistic>(environment, false);
      },
  };
}

}  // namespace lockscope::recipes
