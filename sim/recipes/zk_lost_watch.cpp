// zk-lost-watch (broken on purpose): lists the children without a watch, then arms a children
// watch in a separate, later getChildren whose answer it ignores. A deletion between the two
// calls is never seen: no event will come for it, and the client can wait forever.
#include "zk_chained.h"
#include "zk_recipes.h"

namespace lockscope::recipes {
namespace {

class ZkLostWatch final : public ChainedRecipe {
 public:
  using ChainedRecipe::ChainedRecipe;

 protected:
  coro::Task<WatchOutcome> watchPredecessor() override {
    watched_ = parameters().lockPath;  // any change of the children will do
    // BUG: the answer is ignored; what changed since the listing will never be reported.
    co_await retrying([&] { return zk().getChildren(watched_, true); });
    co_return WatchOutcome{Next::Wait};
  }
};

}  // namespace

RecipeDescription describeZkLostWatch() {
  return RecipeDescription{
      .name = "zk-lost-watch",
      .summary =
          "Broken: lists without a watch, arms a children watch in a later call; a "
          "deletion between the two is never seen (waits forever)",
      .pseudocode = chainedPseudocode(
          {.predecessor = "(no predecessor: any change of /lock's children will do)",
           .watch = "getChildren(\"/lock\", watch=true), answer ignored  (BUG: a change since 3 "
                    "is never reported)",
           .wait = "wait for /lock's children to change (or the deadline), then go to 3"}),
      .codeLines = chainedCodeLines(),
      .make = makeRecipe<ZkLostWatch>,
  };
}

}  // namespace lockscope::recipes
