// zk-naive: the herd. Every waiter watches the lock's children, so every create and every
// release wakes every waiter, and each of them lists all the children again.
#include "lock_steps.h"
#include "zk_recipes.h"

namespace lockscope::recipes {
namespace {

class ZkNaive final : public SingleNodeRecipe {
 public:
  explicit ZkNaive(RecipeEnvironment& environment) : SingleNodeRecipe(environment, 6) {}

  coro::Task<AcquireResult> acquire(LockMode) override {
    const std::string& lock = parameters().lockPath;
    const Deadline deadline(env_.world, parameters().acquireTimeoutMs);
    line(1);
    const CreateResult created =
        co_await zk().create(lock + "/lock-", "", CreateMode::EphemeralSequential);
    if (created.rc != ErrorCode::Ok) co_return failedResult(created.rc);
    node_ = created.path;
    watched_ = lock;
    for (;;) {
      wakeUp_.clear();
      line(2);
      const QueueListing listed = co_await listQueue(zk(), lock, node_, true);
      if (listed.rc != ErrorCode::Ok) co_return co_await giveUpNode(5, failedResult(listed.rc));
      line(3);
      if (listed.index == 0) co_return acquiredResult(node_, created.stat);
      line(4);
      const bool woken = co_await waitForWakeUp(wakeUp_, deadline);
      if (!woken) co_return co_await giveUpNode(5, failedResult(kTimedOut));
    }
  }
};

}  // namespace

RecipeDescription describeZkNaive() {
  return RecipeDescription{
      .name = "zk-naive",
      .summary = "Herd: every waiter watches /lock's children, so every release wakes every "
                 "waiter and all of them list again",
      .pseudocode =
          {
              "node = create(\"/lock/lock-\", EPHEMERAL_SEQUENTIAL)",
              "children = getChildren(\"/lock\", watch=true), sorted by sequence",
              "if node is children[0]: the lock is ours",
              "wait for any change of /lock's children (or the deadline), then go to 2",
              "timed out or failed: delete(node), give up",
              "release: delete(node)",
          },
      .make = makeRecipe<ZkNaive>,
  };
}

}  // namespace lockscope::recipes
