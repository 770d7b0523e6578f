// The Redis lock recipes, one file each (redis_<name>.cpp, redlock.cpp), all written against the
// async Redis API (backends/api/redis_client.h) through RedisRecipe.
#pragma once

#include "lock_recipe.h"

namespace lockscope::recipes {

RecipeDescription describeRedisSetnx();
RecipeDescription describeRedisSetnxExpire();
RecipeDescription describeRedisUnsafeDel();
RecipeDescription describeRedisLock();
RecipeDescription describeRedisWatchdog();
RecipeDescription describeRedisReentrant();
RecipeDescription describeRedisFenced();
RecipeDescription describeRedlock();
RecipeDescription describeRedisOptimistic();
RecipeDescription describeRedisBlindUpdate();

}  // namespace lockscope::recipes
