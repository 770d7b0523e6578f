// Curator's lock machinery, shared by every Curator recipe: LockInternals (create a protected
// EPHEMERAL_SEQUENTIAL node, list, wait on the node the driver names with getData, give up by
// deleting our node) and InterProcessMutex (LockInternals plus a per-client hold count).
// zk-curator, zk-rwlock, zk-multilock and the internal mutex of zk-semaphore-mutex are built on it.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "lock_recipe.h"
#include "lock_steps.h"
#include "sim/coro/callback_awaiter.h"
#include "sim/coro/sent_call.h"
#include "sim/coro/signal.h"

namespace lockscope::recipes {

// The pseudocode line of the recipe using LockInternals for each of its steps. A line with
// number 0 is a step the recipe never takes (zk-rwlock is not revocable: no watchOwn).
struct CuratorLines {
  CodeLine reenter;           // a nested acquire by the holder: count it
  CodeLine create;            // create the protected node
  CodeLine find;              // after ConnectionLoss: find it again by GUID
  CodeLine watchOwn;          // revocable: getData(own node, watch)
  CodeLine list;              // getChildren, sorted
  CodeLine check;             // does the driver give us the lock?
  CodeLine watchPredecessor;  // getData(node to wait for, watch)
  CodeLine wait;              // wait for the watch or the deadline
  CodeLine giveUp;            // timed out or failed: delete our node
  CodeLine release;           // delete our node
};
// For a recipe whose whole lock (an internal mutex, one of several locks taken in turn) is one
// line of its pseudocode: every step marks `each`, but giving up and releasing.
constexpr CuratorLines oneLineLock(CodeLine each, CodeLine giveUp, CodeLine release) {
  return {.reenter = each,
          .create = each,
          .find = each,
          .watchOwn = each,
          .list = each,
          .check = each,
          .watchPredecessor = each,
          .wait = each,
          .giveUp = giveUp,
          .release = release};
}
// The named lines of `lines` that a recipe marks (those with a number), for its description.
std::vector<CodeLine> codeLinesOf(const CuratorLines& lines);

// Curator's LockInternalsDriver.getsTheLock: from the children sorted by sequence and our index
// there, whether we hold the lock, else which child to wait for.
struct LockVerdict {
  bool ours = false;
  std::string waitFor;  // a child name
};
using LockRule = std::function<LockVerdict(std::span<const std::string> sorted, long ours)>;

// StandardLockInternalsDriver with maxLeases = 1: first in line, else wait for the one before us.
LockVerdict exclusiveRule(std::span<const std::string> sorted, long ours);

class LockInternals {
 public:
  // Nodes are `basePath/_c_<guid>-<lockName><sequence>`.
  LockInternals(RecipeEnvironment& environment, std::string basePath, std::string lockName,
                CuratorLines lines, LockRule rule);
  LockInternals(const LockInternals&) = delete;
  LockInternals& operator=(const LockInternals&) = delete;

  // attemptLock: creates our node and loops until the rule grants the lock, the deadline passes
  // or a call fails; on timeout or failure our node is deleted. `sequence`, when given, names the
  // node exactly (plain EPHEMERAL with that suffix: a downgrade's read node, CURATOR-621).
  coro::Task<AcquireResult> attemptLock(const Deadline& deadline, std::string sequence = "");
  // releaseLock: deletes our node (guaranteed). True when it is gone because of us.
  coro::Task<bool> releaseLock();

  // Every watch event of the session: wakes the waiter on its node's events and session events;
  // a revocable holder re-reads its node on NodeDataChanged.
  void onWatchEvent(const zookeeper::WatchedEvent& event);

  // Curator's makeRevocable(listener): the holder watches its own node; `listener` runs when a
  // revoker wrote "revoke" (or Curator's "__REVOKE__") into it.
  void makeRevocable(std::function<void()> listener) { revocationListener_ = std::move(listener); }

  // Opt-in pipelining (zk-curator's `pipeline`; Curator itself does not): getChildren goes out
  // right behind create, without waiting for create's reply. The server answers one session's
  // requests in order, so the listing already holds our node and the first check costs no extra
  // round trip. Same requests, same count; only when they leave changes. Not with a revocable
  // lock, whose getData on its own node must come before the listing.
  void pipelineListing(bool on) { pipeline_ = on; }

  const std::string& basePath() const { return basePath_; }
  const std::string& lockName() const { return lockName_; }
  // Our node while we hold or wait for the lock; empty otherwise.
  const std::string& node() const { return node_; }

 private:
  // `listing`: a getChildren already sent (pipelined), used for the first check.
  coro::Task<AcquireResult> internalLockLoop(const Deadline& deadline,
                                             std::optional<coro::SentCall<ChildrenResult>> listing);
  // create and getChildren sent back to back; `listing` gets the getChildren when create
  // succeeded. Any other outcome falls back to createFindingGuid (parents, lost reply).
  coro::Task<CreateResult> createPipelined(GuidCreate spec,
                                           std::optional<coro::SentCall<ChildrenResult>>& listing);
  // Timed out or failed: delete our node (guaranteed) and report `failure`.
  coro::Task<AcquireResult> fail(AcquireResult failure);
  coro::Task<void> readRevocation();
  coro::Task<void> findAndDeleteOrphan(std::string guid);
  void mark(CodeLine line) { env_.markLine(line); }

  RecipeEnvironment& env_;
  std::string basePath_;
  std::string lockName_;
  CuratorLines lines_;
  LockRule rule_;
  std::function<void()> revocationListener_;

  coro::Lifetime life_ = coro::makeLifetime();
  AwaitableZooKeeper zk_;  // our own lifetime: background reads die with us
  coro::Signal wakeUp_;
  std::string node_;
  Stat created_;  // our node's Stat: czxid is the fencing token
  bool nodeVanished_ = false;
  std::string waitingFor_;
  bool readingRevocation_ = false;
  bool pipeline_ = false;
  BackgroundTasks background_;
};

// InterProcessMutex: reentrant per client. A nested acquire by the holder only counts (no
// ZooKeeper call); only the last release deletes the node.
class InterProcessMutex {
 public:
  InterProcessMutex(RecipeEnvironment& environment, std::string path, CuratorLines lines);

  coro::Task<AcquireResult> acquire(const Deadline& deadline);
  // True when the lock was given up cleanly (count decremented, or our node deleted at 0).
  coro::Task<bool> release();

  bool held() const { return count_ > 0; }
  const AcquireResult& holding() const { return holding_; }
  LockInternals& internals() { return internals_; }
  void onWatchEvent(const zookeeper::WatchedEvent& event) { internals_.onWatchEvent(event); }

 private:
  RecipeEnvironment& env_;
  CuratorLines lines_;
  LockInternals internals_;
  int count_ = 0;
  AcquireResult holding_;
};

// Curator's Revoker.attemptRevoke on the current holder: setData(first node, "revoke").
coro::Task<bool> revokeFirstNode(AwaitableZooKeeper& zk, std::string lockPath,
                                 std::function<void(CodeLine)> markLine, CodeLine listLine,
                                 CodeLine writeLine);

}  // namespace lockscope::recipes
