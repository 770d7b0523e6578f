// zk-multilock: Curator's InterProcessMultiLock over InterProcessMutexes. The locks are taken in
// the order given, all or nothing: if one times out or fails, those already taken are released
// (in reverse order). Release lets go of all of them, in reverse order.
#include <memory>
#include <string>
#include <vector>

#include "curator_locks.h"
#include "zk_recipes.h"

namespace lockscope::recipes {
namespace {

// Each mutex is one line of this recipe's pseudocode.
constexpr CodeLine kAcquireEach{1, "for each path"};
constexpr CodeLine kGiveUp{2, "give up"};
constexpr CodeLine kAllTaken{3, "all taken"};
constexpr CodeLine kRelease{4, "release:"};
constexpr CuratorLines kLines = oneLineLock(kAcquireEach, kGiveUp, kRelease);

class ZkMultiLock final : public LockRecipe {
 public:
  explicit ZkMultiLock(RecipeEnvironment& environment) : LockRecipe(environment) {
    std::vector<std::string> paths = parameters().lockPaths;
    if (paths.empty()) paths.push_back(parameters().lockPath);
    for (const std::string& path : paths) {
      locks_.push_back(std::make_unique<InterProcessMutex>(environment, path, kLines));
    }
  }

  coro::Task<AcquireResult> acquire(LockMode) override {
    const Deadline deadline(env_.world, parameters().acquireTimeoutMs);
    AcquireResult last;
    for (size_t taken = 0; taken < locks_.size(); ++taken) {
      const AcquireResult result = co_await locks_[taken]->acquire(deadline);
      if (!result.acquired) {
        line(kGiveUp);
        co_await releaseInReverse(taken);
        co_return result;
      }
      last = result;  // the newest node: its czxid is the highest token
      if (taken + 1 < locks_.size()) {
        // Half of what it wants, held while it waits for the rest: the stage marks the node.
        env_.world.record({.kind = sim::TraceKind::Note,
                           .actor = env_.clientName,
                           .op = sim::NoteOp::Multilock,
                           .path = result.node,
                           .detail = "holds " + std::to_string(taken + 1) + " of " +
                                     std::to_string(locks_.size()) + " locks"});
      }
    }
    line(kAllTaken);
    co_return last;
  }

  coro::Task<bool> release(LockMode) override {
    line(kRelease);
    co_return co_await releaseInReverse(locks_.size());
  }

  void onWatchEvent(const zookeeper::WatchedEvent& event) override {
    for (const auto& lock : locks_) lock->onWatchEvent(event);
  }

 private:
  // Releases the first `count` locks, last first; keeps going past failures.
  coro::Task<bool> releaseInReverse(size_t count) {
    bool clean = true;
    for (size_t index = count; index-- > 0;) {
      const bool released = co_await locks_[index]->release();
      clean = clean && released;
    }
    co_return clean;
  }

  std::vector<std::unique_ptr<InterProcessMutex>> locks_;  // in acquisition order
};

}  // namespace

RecipeDescription describeZkMultiLock() {
  return RecipeDescription{
      .name = "zk-multilock",
      .summary =
          "Curator InterProcessMultiLock: lockPaths taken in order as zk-curator mutexes, "
          "all or nothing; released in reverse order",
      .pseudocode =
          {
              "for each path in lockPaths, in order: acquire it as zk-curator does (until the "
              "shared deadline)",
              "one timed out or failed: delete its node; release those already taken, in "
              "reverse order; give up",
              "all taken: the lock is ours",
              "release: release every path in reverse order (delete its node)",
          },
      .codeLines = {kAcquireEach, kGiveUp, kAllTaken, kRelease},
      .make = makeRecipe<ZkMultiLock>,
  };
}

}  // namespace lockscope::recipes
