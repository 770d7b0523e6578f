// Steps the lock recipes share: a timed acquire's deadline, the results they report, retrying a
// call after ConnectionLoss, giving up (deleting our node), and a create that finds its node again
// by GUID when the reply was lost. Each recipe still spells out its own loop; these are its words.
#pragma once

#include <functional>
#include <string>
#include <type_traits>
#include <vector>

#include "awaitable_zookeeper.h"
#include "lock_recipe.h"
#include "sim/coro/signal.h"
#include "sim/coro/task.h"

namespace lockscope::recipes {

// The create of createGuidNode, the first two lines of every recipe that uses it.
inline constexpr CodeLine kGuidCreate{1, "create("};
inline constexpr CodeLine kGuidRecover{2, "ConnectionLoss"};

AcquireResult acquiredResult(const std::string& node, const Stat& stat);
// A call that failed with `rc` (CallFailed), or a failure that is not a call's (`why`).
AcquireResult failedResult(ErrorCode rc, const std::string& node = "");
AcquireResult failedResult(AcquireFailure why, const std::string& node = "");

// When a timed acquire (parameters().acquireTimeoutMs) must give up, in virtual time.
class Deadline {
 public:
  // timeoutMs < 0: no deadline.
  Deadline(const sim::World& world, int64_t timeoutMs);

  bool passed() const;
  // For Signal::wait(): -1 without a deadline, else what is left (0 once it passed).
  sim::Micros remaining() const;

 private:
  const sim::World& world_;
  sim::Micros at_ = -1;
};

// How often a call that failed with ConnectionLoss is made again (Curator's RetryNTimes(3)). The
// new request waits for the reconnection; SessionExpired or any other answer ends the retries.
inline constexpr int kConnectionLossRetries = 3;

inline ErrorCode resultCode(ErrorCode rc) { return rc; }
template <typename Result>
ErrorCode resultCode(const Result& result) {
  return result.rc;
}

// co_await retrying([&] { return zk.getChildren(path, false); }): the call, made again after a
// ConnectionLoss. Only for calls that are safe to repeat (reads, deletes of our own node).
template <typename MakeCall>
auto retrying(MakeCall makeCall)
    -> coro::Task<std::decay_t<decltype(std::declval<MakeCall&>()().await_resume())>> {
  for (int attempt = 0;; ++attempt) {
    auto result = co_await makeCall();
    if (resultCode(result) != ErrorCode::ConnectionLoss || attempt == kConnectionLossRetries) {
      co_return result;
    }
  }
}

// Curator's guaranteed delete: retried after ConnectionLoss; NoNode after a retry means an
// earlier attempt did it. Ok when the node is gone because of us.
coro::Task<ErrorCode> deleteGuaranteed(AwaitableZooKeeper& zk, std::string node);

// A timed-out or failed acquire removes its node, so it does not block those queued behind it.
coro::Task<AcquireResult> giveUp(AwaitableZooKeeper& zk, std::string node, AcquireResult failure);

// A create whose node name carries a GUID, so that a ConnectionLoss (the server may have created
// the node and lost the reply) can be told apart: the client lists the parent and looks for its
// GUID; only when it is not there does it create again.
struct GuidCreate {
  std::string parent;  // "/lock"
  std::string guid;    // what our name starts with: "_c_<uuid>-" (Curator) or "<uuid>-"
  std::string name;    // the rest: "lock-"
  CreateMode mode = CreateMode::EphemeralSequential;
  std::string data;
  bool createParents = false;  // Curator's creatingParentContainersIfNeeded()
  bool mayExist = false;       // a create of this GUID already failed with ConnectionLoss
  CodeLine createLine;         // the pseudocode lines to mark
  CodeLine findLine;
};
coro::Task<CreateResult> createFindingGuid(AwaitableZooKeeper& zk, GuidCreate spec,
                                           std::function<void(CodeLine)> markLine);

// Creates every missing ancestor of `path` (not `path` itself) as a container node.
coro::Task<ErrorCode> createParentContainers(AwaitableZooKeeper& zk, std::string path);

// getChildren(lock) and where our node stands in it. rc is NoNode when our node is not among the
// children (it vanished: our session expired or someone deleted it).
struct QueueListing {
  ErrorCode rc = ErrorCode::Ok;
  Children children;
  long index = -1;          // our place in sequence order
  std::string predecessor;  // path of the child just before ours; empty when we are first
};
coro::Task<QueueListing> listQueue(AwaitableZooKeeper& zk, std::string lock, std::string node,
                                   bool watch);

// Waits for `wakeUp` until the deadline; false when the deadline passed first.
coro::Task<bool> waitForWakeUp(coro::Signal& wakeUp, const Deadline& deadline);

// The base of the recipes that hold one node at a time: the node, the path whose watch events
// wake the waiter (a session event wakes it too), release = delete our node.
class SingleNodeRecipe : public LockRecipe {
 public:
  SingleNodeRecipe(RecipeEnvironment& environment, CodeLine releaseLine)
      : LockRecipe(environment), wakeUp_(environment.process), releaseLine_(releaseLine) {}

  coro::Task<bool> release(LockMode mode) override;
  void onWatchEvent(const zookeeper::WatchedEvent& event) override;

 protected:
  // The ZooKeeper recipe's create, pseudocode lines 1 and 2 (kGuidCreate, kGuidRecover): node =
  // create("lock/<guid>-lock-", mode); after a ConnectionLoss, look for <guid>- among the
  // children before creating again. Sets node_ on success.
  coro::Task<CreateResult> createGuidNode(CreateMode mode);
  // zk-naive's create, without a GUID: node = create("<lock>/lock-", EPHEMERAL_SEQUENTIAL) at
  // `createLine`. Sets node_ on success.
  coro::Task<CreateResult> createPlainNode(CodeLine createLine);
  // A timed-out or failed acquire (pseudocode line `giveUpLine`): delete our node, report
  // `failure`.
  coro::Task<AcquireResult> giveUpNode(CodeLine giveUpLine, AcquireResult failure);

  std::string node_;
  std::string watched_;
  coro::Signal wakeUp_;

 private:
  CodeLine releaseLine_;
};

// Coroutines a recipe runs beside its acquire (re-reading its node after a revocation request,
// cleaning up an orphan). Destroying the holder drops them; they must await only through an
// AwaitableZooKeeper whose lifetime ends with the holder.
class BackgroundTasks {
 public:
  void start(coro::Task<void> task);

 private:
  std::vector<coro::Task<void>> tasks_;
};

}  // namespace lockscope::recipes
