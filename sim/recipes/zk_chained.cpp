// zk-chained: the lock recipe of the ZooKeeper documentation. Each waiter watches only the node
// just before its own, so a release wakes exactly one client (no herd effect). The node name
// carries a GUID, so a create whose reply was lost is found again instead of orphaned.
#include "zk_chained.h"

#include "zk_recipes.h"

namespace lockscope::recipes {

coro::Task<AcquireResult> ChainedRecipe::acquire(LockMode) {
  const std::string& lock = parameters().lockPath;
  const Deadline deadline(env_.world, parameters().acquireTimeoutMs);
  CreateResult created;
  if (create_.findByGuid) created = co_await createGuidNode(create_.mode);
  else created = co_await createBlindly(create_.mode);
  if (created.rc != ErrorCode::Ok) co_return failedResult(created.rc);
  for (;;) {
    line(kChainedList);
    const QueueListing listed = co_await listQueue(zk(), lock, node_, false);
    if (listed.rc != ErrorCode::Ok)
      co_return co_await giveUpNode(kChainedGiveUp, failedResult(listed.rc));
    line(kChainedCheck);
    if (listed.index == 0) co_return acquiredResult(node_, created.stat);
    line(kChainedPredecessor);
    watched_ = listed.predecessor;
    wakeUp_.clear();
    line(kChainedWatch);
    const WatchOutcome watch = co_await watchPredecessor();
    if (watch.next == Next::ListAgain) continue;
    if (watch.next == Next::Fail)
      co_return co_await giveUpNode(kChainedGiveUp, failedResult(watch.rc));
    line(kChainedWait);
    const bool woken = co_await waitForWakeUp(wakeUp_, deadline);
    if (!woken)
      co_return co_await giveUpNode(kChainedGiveUp, failedResult(AcquireFailure::TimedOut));
    if (ownsAfterWakeUp()) co_return acquiredResult(node_, created.stat);
  }
}

coro::Task<ChainedRecipe::WatchOutcome> ChainedRecipe::watchPredecessor() {
  const StatResult predecessor = co_await retrying([&] { return zk().exists(watched_, true); });
  if (predecessor.rc == ErrorCode::NoNode) co_return WatchOutcome{Next::ListAgain};  // gone already
  if (predecessor.rc != ErrorCode::Ok) co_return WatchOutcome{Next::Fail, predecessor.rc};
  co_return WatchOutcome{Next::Wait};
}

// Without a GUID a lost reply cannot be told apart: create again (pseudocode lines 1 and 2).
coro::Task<CreateResult> ChainedRecipe::createBlindly(CreateMode mode) {
  CreateResult created;
  for (int attempt = 0;; ++attempt) {
    line(kGuidCreate);
    created = co_await zk().create(parameters().lockPath + "/lock-", "", mode);
    if (created.rc != ErrorCode::ConnectionLoss || attempt == kConnectionLossRetries) break;
    line(kGuidRecover);
  }
  if (created.rc == ErrorCode::Ok) node_ = created.path;
  co_return created;
}

std::vector<CodeLine> chainedCodeLines() {
  return {kGuidCreate,   kGuidRecover, kChainedList,   kChainedCheck,  kChainedPredecessor,
          kChainedWatch, kChainedWait, kChainedGiveUp, kChainedRelease};
}

std::vector<std::string_view> chainedPseudocode(const ChainedText& text) {
  return {
      text.create,
      text.recover,
      "children = getChildren(\"/lock\", watch=false), sorted by sequence",
      "if node is children[0]: the lock is ours",
      text.predecessor,
      text.watch,
      text.wait,
      "timed out or failed: delete(node), give up",
      text.release,
  };
}

RecipeDescription describeZkChained() {
  return RecipeDescription{
      .name = "zk-chained",
      .summary =
          "ZooKeeper recipe: <guid>-lock- ephemeral-sequential node, watch only the "
          "predecessor (exists; null: list again)",
      .pseudocode = chainedPseudocode({}),
      .codeLines = chainedCodeLines(),
      .make = makeRecipe<ChainedRecipe>,
  };
}

}  // namespace lockscope::recipes
