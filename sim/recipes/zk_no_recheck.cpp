// zk-no-recheck (broken on purpose): zk-chained that takes its predecessor's deletion as
// ownership instead of listing again. Wrong when the predecessor was a waiter that crashed (its
// session expired) while an earlier node still holds the lock: two holders at once.
#include "zk_chained.h"
#include "zk_recipes.h"

namespace lockscope::recipes {
namespace {

class ZkNoRecheck final : public ChainedRecipe {
 public:
  using ChainedRecipe::ChainedRecipe;

  void onWatchEvent(const zookeeper::WatchedEvent& event) override {
    predecessorDeleted_ = event.type == zookeeper::EventType::NodeDeleted && event.path == watched_;
    ChainedRecipe::onWatchEvent(event);
  }

 protected:
  // BUG: the predecessor is gone, but an earlier node may still hold the lock.
  bool ownsAfterWakeUp() const override { return predecessorDeleted_; }

 private:
  bool predecessorDeleted_ = false;
};

}  // namespace

RecipeDescription describeZkNoRecheck() {
  return RecipeDescription{
      .name = "zk-no-recheck",
      .summary =
          "Broken: takes the predecessor's deletion as ownership without listing again; "
          "a crashed waiter before us gives two holders",
      .pseudocode = chainedPseudocode(
          {.wait = "wait for the watch to fire: predecessor deleted, the lock is ours  (BUG: no "
                   "second look; an earlier node may still hold it)"}),
      .codeLines = chainedCodeLines(),
      .make = makeRecipe<ZkNoRecheck>,
  };
}

}  // namespace lockscope::recipes
