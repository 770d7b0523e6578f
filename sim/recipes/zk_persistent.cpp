// zk-persistent (broken on purpose): zk-chained with PERSISTENT_SEQUENTIAL nodes. A node outlives
// the session that made it, so a holder that crashes never lets go: everyone blocks forever.
#include "zk_chained.h"
#include "zk_recipes.h"

namespace lockscope::recipes {

RecipeDescription describeZkPersistent() {
  return RecipeDescription{
      .name = "zk-persistent",
      .summary =
          "Broken: zk-chained with PERSISTENT_SEQUENTIAL nodes; a crashed holder's node "
          "never goes away, so everyone blocks forever",
      .pseudocode = chainedPseudocode(
          {.create = "node = create(\"/lock/<guid>-lock-\", PERSISTENT_SEQUENTIAL)  (BUG: it "
                     "outlives its session)",
           .release = "release: delete(node)  (a crashed holder never gets here)"}),
      .codeLines = chainedCodeLines(),
      .make = [](RecipeEnvironment& environment) -> std::unique_ptr<LockRecipe> {
        return std::make_unique<ChainedRecipe>(
            environment,
            ChainedCreate{.mode = CreateMode::PersistentSequential, .findByGuid = true});
      },
  };
}

}  // namespace lockscope::recipes
