// zk-ephemeral: the non-fair lock. Everyone races to create one EPHEMERAL node; the losers watch
// it with exists and race again when it goes, so every release wakes every waiter (a herd on a
// single node) and the winner is whoever's create arrives first, not who waited longest.
#include "lock_steps.h"
#include "zk_recipes.h"

namespace lockscope::recipes {
namespace {

class ZkEphemeral final : public SingleNodeRecipe {
 public:
  explicit ZkEphemeral(RecipeEnvironment& environment) : SingleNodeRecipe(environment, 7) {}

  coro::Task<AcquireResult> acquire(LockMode) override {
    const std::string owner = parameters().lockPath + "/owner";
    const Deadline deadline(env_.world, parameters().acquireTimeoutMs);
    watched_ = owner;
    for (int losses = 0;;) {
      line(1);
      const CreateResult created =
          co_await zk().create(owner, env_.clientName, CreateMode::Ephemeral);
      line(2);
      if (created.rc == ErrorCode::Ok) co_return holding(owner, created.stat);
      if (created.rc == ErrorCode::ConnectionLoss && ++losses <= kConnectionLossRetries) continue;
      if (created.rc != ErrorCode::NodeExists) co_return giveUpAt(6, failedResult(created.rc));
      wakeUp_.clear();
      line(3);
      const StatResult current = co_await retrying([&] { return zk().exists(owner, true); });
      if (current.rc == ErrorCode::NoNode) continue;  // gone already: race again
      if (current.rc != ErrorCode::Ok) co_return giveUpAt(6, failedResult(current.rc));
      line(4);
      if (current.stat->ephemeralOwner == zk().client().sessionId()) {
        co_return holding(owner, *current.stat);  // our create went through; its reply was lost
      }
      line(5);
      const bool woken = co_await waitForWakeUp(wakeUp_, deadline);
      if (!woken) co_return giveUpAt(6, failedResult(kTimedOut));
    }
  }

 private:
  AcquireResult holding(const std::string& owner, const Stat& stat) {
    node_ = owner;
    return acquiredResult(owner, stat);
  }
  // The node is not ours: nothing to delete.
  AcquireResult giveUpAt(int giveUpLine, AcquireResult failure) {
    line(giveUpLine);
    return failure;
  }
};

}  // namespace

RecipeDescription describeZkEphemeral() {
  return RecipeDescription{
      .name = "zk-ephemeral",
      .summary = "Non-fair: all race to create one EPHEMERAL node; NodeExists: exists(watch) on "
                 "it, then race again (a herd on one node)",
      .pseudocode =
          {
              "create(\"/lock/owner\", EPHEMERAL)",
              "created: the lock is ours",
              "NodeExists: exists(\"/lock/owner\", watch=true); null: go to 1",
              "its owner is our own session (a create whose reply was lost): the lock is ours",
              "wait for the watch to fire (or the deadline), then go to 1",
              "timed out or failed: give up",
              "release: delete(\"/lock/owner\")",
          },
      .fair = false,
      .make = makeRecipe<ZkEphemeral>,
  };
}

}  // namespace lockscope::recipes
