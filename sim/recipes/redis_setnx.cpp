// redis-setnx and redis-setnx-expire: the seeds' first Redis locks. SETNX is atomic, but a key
// without an expiry outlives a crashed holder, and an expiry set by a second command is lost when
// the holder dies between the two: either way the lock is held forever.
#include "redis_recipe.h"
#include "redis_recipes.h"

namespace lockscope::recipes {
namespace {

// The two variants' named lines: redis-setnx-expire has the PEXPIRE line between 1 and the rest.
struct SetnxLines {
  CodeLine setnx{1, "SETNX"};
  CodeLine expire;  // redis-setnx-expire only
  CodeLine ours;
  CodeLine wait;
  CodeLine release;
  std::vector<CodeLine> named() const {
    std::vector<CodeLine> all{setnx, ours, wait, release};
    if (expire.number > 0) all.push_back(expire);
    return all;
  }
};
constexpr SetnxLines kSetnxLines{
    .ours = {2, "the lock is ours"}, .wait = {3, "sleep"}, .release = {4, "release: DEL"}};
constexpr SetnxLines kSetnxExpireLines{.expire = {2, "PEXPIRE"},
                                       .ours = {3, "the lock is ours"},
                                       .wait = {4, "sleep"},
                                       .release = {5, "release: DEL"}};

class RedisSetnx final : public PollingRedisRecipe {
 public:
  // withExpire: redis-setnx-expire (PEXPIRE after a successful SETNX).
  RedisSetnx(RecipeEnvironment& environment, bool withExpire)
      : PollingRedisRecipe(environment, (withExpire ? kSetnxExpireLines : kSetnxLines).wait),
        lines_(withExpire ? kSetnxExpireLines : kSetnxLines) {}

  coro::Task<bool> release(LockMode) override {
    line(lines_.release);
    const Command command = {"DEL", key()};
    const Reply deleted = co_await send(0, command);
    co_return deleted.type == redis::ReplyType::Integer;
  }

 protected:
  coro::Task<std::optional<AcquireResult>> attempt(LockMode) override {
    token_ = newToken();
    line(lines_.setnx);
    const Command command = {"SETNX", key(), token_};
    const Reply set = co_await send(0, command);
    if (!set.isInteger(1)) co_return std::nullopt;
    if (lines_.expire.number > 0) {
      line(lines_.expire);
      const Command command = {"PEXPIRE", key(), ttlText()};
      co_await send(0, command);
    }
    line(lines_.ours);
    co_return holding();
  }

 private:
  SetnxLines lines_;
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
      .codeLines = kSetnxLines.named(),
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
      .codeLines = kSetnxExpireLines.named(),
      .fair = false,
      .backend = "redis",
      .make = [](RecipeEnvironment& environment) -> std::unique_ptr<LockRecipe> {
        return std::make_unique<RedisSetnx>(environment, true);
      },
  };
}

}  // namespace lockscope::recipes
