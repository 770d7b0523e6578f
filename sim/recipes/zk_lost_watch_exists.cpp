// zk-lost-watch-exists (broken on purpose): zk-chained that ignores what exists() answers. When
// the predecessor went away between the listing and the exists call, exists returns null (and
// arms a creation watch for a name that never comes back): no event will come, and the client
// waits forever.
#include "zk_chained.h"
#include "zk_recipes.h"

namespace lockscope::recipes {
namespace {

class ZkLostWatchExists final : public ChainedRecipe {
 public:
  using ChainedRecipe::ChainedRecipe;

 protected:
  coro::Task<WatchOutcome> watchPredecessor() override {
    // BUG: null (the predecessor is already gone) is taken for "it exists".
    co_await retrying([&] { return zk().exists(watched_, true); });
    co_return WatchOutcome{Next::Wait};
  }
};

}  // namespace

RecipeDescription describeZkLostWatchExists() {
  return RecipeDescription{
      .name = "zk-lost-watch-exists",
      .summary =
          "Broken: zk-chained ignoring exists() == null; a predecessor gone before the "
          "call sends no event, so the client waits forever",
      .pseudocode = chainedPseudocode(
          {.watch = "exists(predecessor, watch=true), answer ignored  (BUG: null means it is "
                    "already gone)"}),
      .codeLines = chainedCodeLines(),
      .make = makeRecipe<ZkLostWatchExists>,
  };
}

}  // namespace lockscope::recipes
