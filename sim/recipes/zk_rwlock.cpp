// zk-rwlock: Curator's InterProcessReadWriteLock. Read and write nodes queue under the same
// parent, interleaved by sequence. A writer waits for every node before it; a reader only for the
// first writer before it. The write holder may also read (downgrade: its read node borrows the
// write node's sequence, CURATOR-621); a reader may never write (upgrade refused).
#include <algorithm>
#include <iterator>
#include <string_view>
#include <vector>

#include "curator_locks.h"
#include "zk_recipes.h"

namespace lockscope::recipes {
namespace {

constexpr CodeLine kWriteReenter{1, "write: if this client holds the write lock"};
constexpr CodeLine kRefuseUpgrade{2, "refuse"};
constexpr CodeLine kReadReenter{3, "read: if this client holds the read lock"};
constexpr CodeLine kRelease{11, "release:"};
// Not reentrant inside LockInternals (this recipe counts), not revocable: no reenter, no watchOwn.
constexpr CuratorLines kLines{.create = {4, "create("},
                              .find = {5, "ConnectionLoss"},
                              .list = {6, "getChildren("},
                              .check = {7, "children[0]"},
                              .watchPredecessor = {8, "getData("},
                              .wait = {9, "wait for"},
                              .giveUp = {10, "give up"},
                              .release = kRelease};
constexpr std::string_view kReadName = "__READ__";
constexpr std::string_view kWriteName = "__WRIT__";  // same length: sorting depends on it
constexpr size_t kSequenceDigits = 10;

class ZkRwLock final : public LockRecipe {
 public:
  explicit ZkRwLock(RecipeEnvironment& environment)
      : LockRecipe(environment),
        write_(environment, environment.parameters.lockPath, std::string(kWriteName), kLines,
               exclusiveRule),
        read_(environment, environment.parameters.lockPath, std::string(kReadName), kLines,
              [this](std::span<const std::string> sorted, long ours) {
                return readRule(sorted, ours);
              }) {}

  coro::Task<AcquireResult> acquire(LockMode mode) override {
    const Deadline deadline(env_.world, parameters().acquireTimeoutMs);
    if (mode == LockMode::Read) co_return co_await acquireRead(deadline);
    co_return co_await acquireWrite(deadline);
  }

  coro::Task<bool> release(LockMode mode) override {
    if (held_.empty()) co_return false;
    // An exclusive release (a round that gave up) lets go of the latest acquisition.
    if (mode == LockMode::Exclusive) mode = held_.back();
    const auto last = std::find(held_.rbegin(), held_.rend(), mode);
    if (last == held_.rend()) co_return false;
    held_.erase(std::next(last).base());
    Hold& hold = mode == LockMode::Read ? reading_ : writing_;
    line(kRelease);
    if (--hold.count > 0) co_return true;
    LockInternals& internals = mode == LockMode::Read ? read_ : write_;
    co_return co_await internals.releaseLock();
  }

  void onWatchEvent(const zookeeper::WatchedEvent& event) override {
    write_.onWatchEvent(event);
    read_.onWatchEvent(event);
  }

 private:
  struct Hold {
    int count = 0;
    AcquireResult result;
  };

  coro::Task<AcquireResult> acquireWrite(const Deadline& deadline) {
    line(kWriteReenter);
    if (writing_.count > 0) co_return reenter(writing_, LockMode::Write);
    line(kRefuseUpgrade);
    if (reading_.count > 0) co_return failedResult(AcquireFailure::UpgradeRefused);
    const AcquireResult result = co_await write_.attemptLock(deadline);
    co_return hold(writing_, LockMode::Write, result);
  }

  coro::Task<AcquireResult> acquireRead(const Deadline& deadline) {
    line(kReadReenter);
    if (reading_.count > 0) co_return reenter(reading_, LockMode::Read);
    // A writer's read node takes the write node's sequence, so it queues where the writer is.
    const std::string& writeNode = writing_.result.node;
    const std::string sequence = writing_.count > 0
                                     ? writeNode.substr(writeNode.size() - kSequenceDigits)
                                     : "";
    const AcquireResult result = co_await read_.attemptLock(deadline, sequence);
    co_return hold(reading_, LockMode::Read, result);
  }

  // The read lock's driver: ours when this client holds the write lock, or when no writer is
  // queued before us; otherwise wait for the first writer.
  LockVerdict readRule(std::span<const std::string> sorted, long ours) const {
    if (writing_.count > 0) return {true, ""};
    for (long index = 0; index < ours; ++index) {
      const std::string& child = sorted[static_cast<size_t>(index)];
      if (child.find(kWriteName) != std::string::npos) return {false, child};
    }
    return {true, ""};
  }

  AcquireResult reenter(Hold& hold, LockMode mode) {
    ++hold.count;
    held_.push_back(mode);
    return hold.result;
  }

  AcquireResult hold(Hold& hold, LockMode mode, const AcquireResult& result) {
    if (!result.acquired) return result;
    hold.count = 1;
    hold.result = result;
    held_.push_back(mode);
    return result;
  }

  LockInternals write_;
  LockInternals read_;
  Hold writing_;
  Hold reading_;
  std::vector<LockMode> held_;  // acquisitions in order, for releases that name no mode
};

}  // namespace

RecipeDescription describeZkRwLock() {
  return RecipeDescription{
      .name = "zk-rwlock",
      .summary =
          "Curator InterProcessReadWriteLock: a reader waits for the first writer before "
          "it, a writer for every node; downgrade yes, upgrade no",
      .pseudocode =
          {
              "write: if this client holds the write lock: count += 1, done",
              "write: if this client holds the read lock: refuse (an upgrade could never succeed)",
              "read: if this client holds the read lock: count += 1, done",
              "node = create(\"/lock/_c_<guid>-__WRIT__\" or \"..-__READ__\", "
              "EPHEMERAL_SEQUENTIAL); the write holder's read node: EPHEMERAL, its sequence",
              "ConnectionLoss: look for _c_<guid>- in getChildren(\"/lock\"); found: that is "
              "node; else go to 4",
              "children = getChildren(\"/lock\", watch=false), reads and writes sorted by sequence",
              "write: ours if node is children[0]; read: ours if this client writes or no "
              "__WRIT__ node is before node",
              "getData(write: the child before node; read: the first __WRIT__ node, watch=true); "
              "NoNode: go to 6",
              "wait for the watch to fire (or the deadline), then go to 6",
              "timed out or failed: delete(node), give up",
              "release: count -= 1; at 0: delete(node)",
          },
      .codeLines =
          [] {
            std::vector<CodeLine> named = codeLinesOf(kLines);
            named.insert(named.end(), {kWriteReenter, kRefuseUpgrade, kReadReenter});
            return named;
          }(),
      .readWrite = true,
      .make = makeRecipe<ZkRwLock>,
  };
}

}  // namespace lockscope::recipes
