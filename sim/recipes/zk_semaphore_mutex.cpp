// zk-semaphore-mutex: Curator's InterProcessSemaphoreMutex, a semaphore with one lease
// (InterProcessSemaphoreV2). Clients queue on an internal mutex, take a lease node, and release
// the internal mutex; the lease is the lock. Not reentrant: a second acquire by the holder asks
// for a second lease and waits for its own first one (until the deadline, or forever: stuck).
#include <vector>

#include "curator_locks.h"
#include "lock_nodes.h"
#include "zk_recipes.h"

namespace lockscope::recipes {
namespace {

// The internal mutex is one line of this recipe's pseudocode; its release is line 6.
constexpr CodeLine kMutex{1, "internal mutex"};
constexpr CuratorLines kMutexLines = oneLineLock(kMutex, kMutex, {6, "release the internal mutex"});
constexpr CodeLine kCreateLease{2, "create("};
constexpr CodeLine kListLeases{3, "getChildren("};
constexpr CodeLine kCheckLeases{4, "at most 1 lease"};
constexpr CodeLine kWait{5, "wait for"};
constexpr CodeLine kGiveUp{7, "give up"};
constexpr CodeLine kRelease{8, "release: delete(lease)"};
constexpr size_t kMaxLeases = 1;

class ZkSemaphoreMutex final : public LockRecipe {
 public:
  explicit ZkSemaphoreMutex(RecipeEnvironment& environment)
      : LockRecipe(environment),
        mutex_(environment, environment.parameters.lockPath + "/locks", kMutexLines),
        leasesPath_(environment.parameters.lockPath + "/leases"),
        leasesChanged_(environment.process) {}

  coro::Task<AcquireResult> acquire(LockMode) override {
    const Deadline deadline(env_.world, parameters().acquireTimeoutMs);
    const AcquireResult locked = co_await mutex_.acquire(deadline);
    if (!locked.acquired) {
      co_return AcquireResult{.failure = locked.failure, .rc = locked.rc, .detail = locked.detail};
    }
    const AcquireResult lease = co_await acquireLease(deadline);
    co_await mutex_.release();  // finally: whatever happened to the lease
    co_return lease;
  }

  coro::Task<bool> release(LockMode) override {
    if (leases_.empty()) co_return false;
    line(kRelease);
    const std::string lease = leases_.back();
    leases_.pop_back();
    const ErrorCode rc = co_await deleteGuaranteed(zk(), lease);
    co_return rc == ErrorCode::Ok;
  }

  void onWatchEvent(const zookeeper::WatchedEvent& event) override {
    mutex_.onWatchEvent(event);
    if (event.type == zookeeper::EventType::None || event.path == leasesPath_) {
      leasesChanged_.notify();
    }
  }

 private:
  coro::Task<AcquireResult> acquireLease(const Deadline& deadline) {
    GuidCreate spec{.parent = leasesPath_,
                    .guid = "_c_" + makeGuid(env_.world.chooser()) + "-",
                    .name = "lease-",
                    .createParents = true,
                    .createLine = kCreateLease,
                    .findLine = kCreateLease};
    const CreateResult created = co_await createFindingGuid(zk(), std::move(spec), env_.markLine);
    if (created.rc != ErrorCode::Ok) co_return failedResult(created.rc);
    for (;;) {
      leasesChanged_.clear();
      line(kListLeases);
      const QueueListing listed = co_await listQueue(zk(), leasesPath_, created.path, true);
      if (listed.rc != ErrorCode::Ok) {
        co_return co_await giveUpLease(created.path, failedResult(listed.rc));
      }
      line(kCheckLeases);
      if (listed.children->size() <= kMaxLeases) {
        leases_.push_back(created.path);
        co_return acquiredResult(created.path, created.stat);
      }
      line(kWait);
      const bool woken = co_await waitForWakeUp(leasesChanged_, deadline);
      if (!woken)
        co_return co_await giveUpLease(created.path, failedResult(AcquireFailure::TimedOut));
    }
  }

  coro::Task<AcquireResult> giveUpLease(const std::string& lease, AcquireResult failure) {
    line(kGiveUp);
    co_return co_await giveUp(zk(), lease, std::move(failure));
  }

  InterProcessMutex mutex_;
  std::string leasesPath_;
  coro::Signal leasesChanged_;
  std::vector<std::string> leases_;  // held leases, oldest first
};

}  // namespace

RecipeDescription describeZkSemaphoreMutex() {
  return RecipeDescription{
      .name = "zk-semaphore-mutex",
      .summary =
          "Curator InterProcessSemaphoreMutex: a one-lease semaphore; not reentrant (a "
          "second acquire by the holder blocks)",
      .pseudocode =
          {
              "acquire the internal mutex \"/lock/locks\" as zk-curator does (until the deadline)",
              "lease = create(\"/lock/leases/_c_<guid>-lease-\", EPHEMERAL_SEQUENTIAL)",
              "leases = getChildren(\"/lock/leases\", watch=true)",
              "if there is at most 1 lease (ours): the lock is ours",
              "wait for the leases to change (or the deadline), then go to 3",
              "finally: release the internal mutex (delete its node)",
              "timed out or failed: delete(lease), give up",
              "release: delete(lease)  (not reentrant: a second acquire waits like anyone's)",
          },
      .codeLines = {kMutex, kMutexLines.release, kCreateLease, kListLeases, kCheckLeases, kWait,
                    kGiveUp, kRelease},
      .make = makeRecipe<ZkSemaphoreMutex>,
  };
}

}  // namespace lockscope::recipes
