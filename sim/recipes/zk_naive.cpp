// zk-naive: the herd. Every waiter watches the lock's children, so every create and every
// release wakes every waiter, and each of them lists all the children again.
#include "lock_steps.h"
#include "zk_recipes.h"

namespace lockscope::recipes {
namespace {

constexpr CodeLine kCreate{1, "create("};
constexpr CodeLine kList{2, "getChildren("};
constexpr CodeLine kCheck{3, "children[0]"};
constexpr CodeLine kWait{4, "wait for"};
constexpr CodeLine kGiveUp{5, "give up"};
constexpr CodeLine kRelease{6, "release:"};

class ZkNaive final : public SingleNodeRecipe {
 public:
  explicit ZkNaive(RecipeEnvironment& environment) : SingleNodeRecipe(environment, kRelease) {}

  coro::Task<AcquireResult> acquire(LockMode) override {
    const std::string& lock = parameters().lockPath;
    const Deadline deadline(env_.world, parameters().acquireTimeoutMs);
    const CreateResult created = co_await createPlainNode(kCreate);
    if (created.rc != ErrorCode::Ok) co_return failedResult(created.rc);
    watched_ = lock;
    for (;;) {
      wakeUp_.clear();
      line(kList);
      const QueueListing listed = co_await listQueue(zk(), lock, node_, true);
      if (listed.rc != ErrorCode::Ok)
        co_return co_await giveUpNode(kGiveUp, failedResult(listed.rc));
      line(kCheck);
      if (listed.index == 0) co_return acquiredResult(node_, created.stat);
      line(kWait);
      const bool woken = co_await waitForWakeUp(wakeUp_, deadline);
      if (!woken) co_return co_await giveUpNode(kGiveUp, failedResult(AcquireFailure::TimedOut));
    }
  }
};

}  // namespace

RecipeDescription describeZkNaive() {
  return RecipeDescription{
      .name = "zk-naive",
      .summary =
          "Herd: every waiter watches /lock's children, so every release wakes every "
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
      .codeLines = {kCreate, kList, kCheck, kWait, kGiveUp, kRelease},
      .make = makeRecipe<ZkNaive>,
  };
}

}  // namespace lockscope::recipes
