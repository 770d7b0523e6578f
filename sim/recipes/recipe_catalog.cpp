#include "database_recipes.h"
#include "lock_recipe.h"
#include "redis_recipes.h"
#include "zk_recipes.h"

namespace lockscope::recipes {

const char* lockModeName(LockMode mode) {
  switch (mode) {
    case LockMode::Exclusive: return "exclusive";
    case LockMode::Read: return "read";
    case LockMode::Write: return "write";
  }
  return "exclusive";
}

const std::vector<RecipeDescription>& recipeCatalog() {
  static const std::vector<RecipeDescription> catalog = {
      describeZkNaive(),           describeZkChained(),        describeZkCurator(),
      describeZkEphemeral(),       describeZkSemaphoreMutex(), describeZkRwLock(),
      describeZkMultiLock(),       describeZkLostWatch(),      describeZkLostWatchExists(),
      describeZkNoRecheck(),       describeZkPersistent(),     describeZkNoGuid(),
      describeZkPersistentWatch(), describeZkWatchEvents(),    describeZkNodeCache(),
      describeZkChildrenCache(),   describeRedisSetnx(),       describeRedisSetnxExpire(),
      describeRedisUnsafeDel(),    describeRedisLock(),        describeRedisReentrant(),
      describeRedisWatchdog(),     describeRedlock(),          describeRedisFenced(),
      describeRedisOptimistic(),   describeRedisBlindUpdate(), describeDbUniqueKey(),
      describeDbUniqueKeyTtl(),    describeDbReentrant(),      describeDbNoExpiry(),
      describeDbSelectInsert(),    describeDbFenced(),         describeDbForUpdate(),
      describeDbAutocommit(),      describeDbOptimistic(),     describeDbBlindUpdate(),
      describePgAdvisory(),        describePgAdvisoryXact(),
  };
  return catalog;
}

const RecipeDescription* findRecipe(std::string_view name) {
  for (const RecipeDescription& recipe : recipeCatalog()) {
    if (recipe.name == name) return &recipe;
  }
  return nullptr;
}

}  // namespace lockscope::recipes
