// zk-persistent-watch: zk-naive's queue, woken by a persistent watch (ZooKeeper 3.6's addWatch)
// instead of one-shot children watches. The watch is armed once, before the first listing, and
// stays armed: every change of /lock after it is reported, so there is no re-arm to race and no
// notification to lose. But every waiter still watches /lock, so every create and every release
// wakes every waiter, and each lists /lock again: the herd, unchanged. The holder takes its watch
// away once it holds (removeWatches), or it would go on hearing every change to the end.
//
// libzookeeper_mt 3.8, the live backend's client, has no addWatch: the recipe runs on the model.
#include "lock_steps.h"
#include "zk_recipes.h"

namespace lockscope::recipes {
namespace {

constexpr CodeLine kCreate{1, "create("};
constexpr CodeLine kAddWatch{2, "addWatch("};
constexpr CodeLine kList{3, "getChildren("};
constexpr CodeLine kCheck{4, "children[0]"};
constexpr CodeLine kWait{5, "wait for"};
constexpr CodeLine kGiveUp{6, "give up"};
constexpr CodeLine kRelease{7, "release:"};

class ZkPersistentWatch final : public SingleNodeRecipe {
 public:
  explicit ZkPersistentWatch(RecipeEnvironment& environment)
      : SingleNodeRecipe(environment, kRelease) {}

  coro::Task<AcquireResult> acquire(LockMode) override {
    const std::string& lock = parameters().lockPath;
    const Deadline deadline(env_.world, parameters().acquireTimeoutMs);
    const CreateResult created = co_await createPlainNode(kCreate);
    if (created.rc != ErrorCode::Ok) co_return failedResult(created.rc);
    // Armed before the first listing: whatever changes after the listing was read is reported.
    line(kAddWatch);
    wakeUp_.clear();
    const ErrorCode armed = co_await zk().addWatch(lock, zookeeper::AddWatchMode::Persistent);
    if (armed != ErrorCode::Ok) co_return co_await giveUpNode(kGiveUp, failedResult(armed));
    watched_ = lock;
    for (;;) {
      wakeUp_.clear();
      line(kList);
      const QueueListing listed = co_await listQueue(zk(), lock, node_, false);
      if (listed.rc != ErrorCode::Ok) co_return co_await stopWatching(failedResult(listed.rc));
      line(kCheck);
      if (listed.index == 0) {
        watched_.clear();
        co_await zk().removeWatches(lock, zookeeper::WatcherType::Any, false);
        co_return acquiredResult(node_, created.stat);
      }
      line(kWait);
      const bool woken = co_await waitForWakeUp(wakeUp_, deadline);
      if (!woken) co_return co_await stopWatching(failedResult(AcquireFailure::TimedOut));
    }
  }

 private:
  // Gives up: the watch goes first (it would outlive the attempt), then our node.
  coro::Task<AcquireResult> stopWatching(AcquireResult failure) {
    line(kGiveUp);
    const std::string watched = std::exchange(watched_, {});
    co_await zk().removeWatches(watched, zookeeper::WatcherType::Any, false);
    co_return co_await giveUpNode(kGiveUp, std::move(failure));
  }
};

}  // namespace

RecipeDescription describeZkPersistentWatch() {
  return RecipeDescription{
      .name = "zk-persistent-watch",
      .summary =
          "Herd with a persistent watch (addWatch, ZooKeeper 3.6+): armed once, never lost, "
          "but every waiter still wakes at every release",
      .pseudocode =
          {
              "node = create(\"/lock/lock-\", EPHEMERAL_SEQUENTIAL)",
              "addWatch(\"/lock\", PERSISTENT): fires at every change of /lock and stays armed",
              "children = getChildren(\"/lock\", watch=false), sorted by sequence",
              "if node is children[0]: removeWatches(\"/lock\"); the lock is ours",
              "wait for any change of /lock (or the deadline), then go to 3: nothing to re-arm",
              "timed out or failed: removeWatches(\"/lock\"), delete(node), give up",
              "release: delete(node)",
          },
      .codeLines = {kCreate, kAddWatch, kList, kCheck, kWait, kGiveUp, kRelease},
      .modelOnly =
          "it needs addWatch (persistent watches, ZooKeeper 3.6+), which the live "
          "backend's client, libzookeeper_mt 3.8, does not have",
      .make = makeRecipe<ZkPersistentWatch>,
  };
}

}  // namespace lockscope::recipes
