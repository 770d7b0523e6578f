// zk-no-guid (broken on purpose): zk-chained without the GUID. When a create's reply is lost
// (ConnectionLoss) the client cannot tell whether the server made its node, so it creates again;
// the first node, if it was made, is an orphan that sits before the client's new node until the
// session ends, and the client waits behind itself forever.
#include "zk_chained.h"
#include "zk_recipes.h"

namespace lockscope::recipes {

RecipeDescription describeZkNoGuid() {
  return RecipeDescription{
      .name = "zk-no-guid",
      .summary =
          "Broken: a lost create reply is retried blindly; the orphan node stays and the "
          "client waits behind itself forever",
      .pseudocode = chainedPseudocode(
          {.create = "node = create(\"/lock/lock-\", EPHEMERAL_SEQUENTIAL)",
           .recover = "ConnectionLoss: go to 1  (BUG: the lost create may have made a node; "
                      "nothing can find it)"}),
      .codeLines = chainedCodeLines(),
      .make = [](RecipeEnvironment& environment) -> std::unique_ptr<LockRecipe> {
        return std::make_unique<ChainedRecipe>(
            environment,
            ChainedCreate{.mode = CreateMode::EphemeralSequential, .findByGuid = false});
      },
  };
}

}  // namespace lockscope::recipes
