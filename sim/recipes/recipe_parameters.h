// What a scenario says to its recipe: the lock mode a plan step asks for and the recipe's
// parameters. Apart from lock_recipe.h so that the scenario and the client plans, which are
// plain data, do not pull in the coroutine runtime and the service APIs with it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace lockscope::recipes {

enum class LockMode { Exclusive, Read, Write };
// What a database recipe's locking read does when the row is locked (lock_wait:).
enum class RowLockWait { Wait, NoWait, SkipLocked };
const char* lockModeName(LockMode mode);

// Recipe parameters a scenario can set (`recipe_parameters:` / `--set`).
struct RecipeParameters {
  std::string lockPath = "/lock";
  std::vector<std::string> lockPaths;  // zk-multilock: the locks to take, in order
  int64_t acquireTimeoutMs = -1;       // timed acquire; -1 waits forever
  bool revocable = false;              // holder watches its node for a "revoke" request
  bool pipeline = false;               // zk-curator: send getChildren right behind create
  // Redis recipes (sim/recipes/redis_*.cpp, redlock.cpp).
  std::string lockKey = "lock";
  int64_t ttlMs = 10'000;                // the key's expiry (PX)
  int64_t retryDelayMs = 100;            // between attempts; Redlock: the bound of a random delay
  int retries = -1;                      // Redlock's attempts after the first; -1: until it wins
  int64_t renewEveryMs = 0;              // redis-lock's optional extension period; 0: none
  bool redlockTimerAfterQuorum = false;  // the unsafe variant (node-redlock PR #167)
  // redis-lock, redlock: the Lua that releases (EVAL script 1 key token); empty: the recipe's own
  // compare-and-delete. A lesson's, or a student's, own unlock.
  std::string unlockScript;
  // Database recipes (sim/recipes/db_*.cpp); lock_key names the lock row, ttl_ms its lock_until
  // lease, retry_delay_ms the wait between attempts.
  RowLockWait lockWait = RowLockWait::Wait;  // db-for-update: wait | nowait | skip_locked
  int64_t advisoryKey = 42;                  // pg-advisory*: the bigint key
  std::vector<int64_t> lockRows = {1};       // db-for-update: inventory rows locked, in order
  // db-for-update, db-select-insert: the work a client does between its locking statements
  // (between two rows; between the check and the insert). 0: none.
  int64_t workBetweenMs = 0;
};

}  // namespace lockscope::recipes
