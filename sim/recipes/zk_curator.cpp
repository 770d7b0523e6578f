// zk-curator: Apache Curator's InterProcessMutex. The ZooKeeper recipe made robust: protected
// names (_c_<guid>-lock-) found again after a lost create reply, getData on the predecessor so
// that no watch is left behind, reentrant per client, a timed acquire that deletes its node, and
// cooperative revocation.
#include "curator_locks.h"
#include "zk_recipes.h"

namespace lockscope::recipes {
namespace {

constexpr CuratorLines kLines{.reenter = 1, .create = 2, .find = 3, .watchOwn = 4, .list = 5,
                              .check = 6, .watchPredecessor = 7, .wait = 8, .giveUp = 9,
                              .release = 10};

class ZkCurator final : public LockRecipe {
 public:
  explicit ZkCurator(RecipeEnvironment& environment)
      : LockRecipe(environment), mutex_(environment, environment.parameters.lockPath, kLines) {
    if (parameters().revocable) {
      mutex_.internals().makeRevocable([this] { requestRevocation(); });
    }
    mutex_.internals().pipelineListing(parameters().pipeline);
  }

  coro::Task<AcquireResult> acquire(LockMode) override {
    if (!mutex_.held()) clearRevocation();  // a new lock: an old request no longer applies
    const Deadline deadline(env_.world, parameters().acquireTimeoutMs);
    co_return co_await mutex_.acquire(deadline);
  }

  coro::Task<bool> release(LockMode) override { co_return co_await mutex_.release(); }

  void onWatchEvent(const zookeeper::WatchedEvent& event) override { mutex_.onWatchEvent(event); }

  coro::Task<bool> revokeHolder() override {
    co_return co_await revokeFirstNode(zk(), parameters().lockPath, env_.markLine, 11, 12);
  }

 private:
  InterProcessMutex mutex_;
};

}  // namespace

RecipeDescription describeZkCurator() {
  return RecipeDescription{
      .name = "zk-curator",
      .summary =
          "Curator InterProcessMutex: _c_<guid>- names found again after a lost reply, "
          "getData on the predecessor, reentrant, timed, revocable",
      .pseudocode =
          {
              "if this client already holds the lock: count += 1, done (no ZooKeeper call)",
              "node = create(\"/lock/_c_<guid>-lock-\", EPHEMERAL_SEQUENTIAL)",
              "ConnectionLoss: look for _c_<guid>- in getChildren(\"/lock\"); found: that is "
              "node; else go to 2",
              "if revocable: getData(node, watch=true)  (\"revoke\" written there: let go)",
              "children = getChildren(\"/lock\", watch=false), sorted by suffix after \"lock-\"",
              "if node is children[0]: count = 1, the lock is ours",
              "getData(the child just before node, watch=true); NoNode: go to 5 (no watch is left)",
              "wait for the watch to fire (or the deadline), then go to 5",
              "timed out or failed: delete(node), give up",
              "release: count -= 1; at 0: delete(node)",
              "revoke: holder = the first of getChildren(\"/lock\"), sorted",
              "setData(holder, \"revoke\")",
              "pipeline (opt-in, Curator does not): 5 is sent right behind 2, not after its "
              "reply (one session's requests are answered in order); not with revocable",
          },
      .make = makeRecipe<ZkCurator>,
  };
}

}  // namespace lockscope::recipes
