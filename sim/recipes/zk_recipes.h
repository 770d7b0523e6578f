// The ZooKeeper lock recipes. Each function describes one recipe (name, summary, pseudocode,
// factory); its implementation lives in a file of its own, zk_<name>.cpp.
#pragma once

#include <memory>

#include "lock_recipe.h"

namespace lockscope::recipes {

RecipeDescription describeZkNaive();
RecipeDescription describeZkChained();
RecipeDescription describeZkCurator();
RecipeDescription describeZkEphemeral();
RecipeDescription describeZkSemaphoreMutex();
RecipeDescription describeZkRwLock();
RecipeDescription describeZkMultiLock();
// Watching rather than locking (zk_caches.h), and a queue woken by a persistent watch.
RecipeDescription describeZkWatchEvents();
RecipeDescription describeZkNodeCache();
RecipeDescription describeZkChildrenCache();
RecipeDescription describeZkPersistentWatch();
// Broken on purpose, each showing one lesson.
RecipeDescription describeZkLostWatch();
RecipeDescription describeZkLostWatchExists();
RecipeDescription describeZkNoRecheck();
RecipeDescription describeZkPersistent();
RecipeDescription describeZkNoGuid();

// RecipeDescription::make for a recipe class built from the environment alone.
template <typename Recipe>
std::unique_ptr<LockRecipe> makeRecipe(RecipeEnvironment& environment) {
  return std::make_unique<Recipe>(environment);
}

}  // namespace lockscope::recipes
