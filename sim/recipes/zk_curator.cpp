// zk-curator: Apache Curator's InterProcessMutex. The ZooKeeper recipe made robust: protected
// names (_c_<guid>-lock-) found again after a lost create reply, getData on the predecessor so
// that no watch is left behind, reentrant per client, a timed acquire that deletes its node, and
// cooperative revocation.
#include "curator_locks.h"
#include "zk_recipes.h"

namespace lockscope::recipes {
namespace {

constexpr CuratorLines kLines{.reenter = {1, "already holds"},
                              .create = {2, "create("},
                              .find = {3, "ConnectionLoss"},
                              .watchOwn = {4, "revocable"},
                              .list = {5, "getChildren("},
                              .check = {6, "children[0]"},
                              .watchPredecessor = {7, "getData("},
                              .wait = {8, "wait for"},
                              .giveUp = {9, "give up"},
                              .release = {10, "release"}};
constexpr CodeLine kRevokeList{11, "revoke:"};
constexpr CodeLine kRevokeWrite{12, "setData("};

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
    co_return co_await revokeFirstNode(zk(), parameters().lockPath, env_.markLine, kRevokeList,
                                       kRevokeWrite);
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
      .codeLines =
          [] {
            std::vector<CodeLine> named = codeLinesOf(kLines);
            named.insert(named.end(), {kRevokeList, kRevokeWrite});
            return named;
          }(),
      .make = makeRecipe<ZkCurator>,
  };
}

}  // namespace lockscope::recipes
