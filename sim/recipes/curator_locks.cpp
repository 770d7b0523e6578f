#include "curator_locks.h"

#include <utility>

#include "lock_nodes.h"

namespace lockscope::recipes {
namespace {

bool isRevokeRequest(const std::string& data) { return data == "revoke" || data == "__REVOKE__"; }

}  // namespace

std::vector<CodeLine> codeLinesOf(const CuratorLines& lines) {
  std::vector<CodeLine> named;
  for (const CodeLine& line :
       {lines.reenter, lines.create, lines.find, lines.watchOwn, lines.list, lines.check,
        lines.watchPredecessor, lines.wait, lines.giveUp, lines.release}) {
    if (line.number > 0) named.push_back(line);
  }
  return named;
}

LockVerdict exclusiveRule(std::span<const std::string> sorted, long ours) {
  if (ours == 0) return {true, ""};
  return {false, sorted[static_cast<size_t>(ours - 1)]};
}

LockInternals::LockInternals(RecipeEnvironment& environment, std::string basePath,
                             std::string lockName, CuratorLines lines, LockRule rule)
    : env_(environment),
      basePath_(std::move(basePath)),
      lockName_(std::move(lockName)),
      lines_(lines),
      rule_(std::move(rule)),
      zk_(environment.zookeeper->client(), life_),
      wakeUp_(environment.process) {}

coro::Task<AcquireResult> LockInternals::attemptLock(const Deadline& deadline,
                                                     std::string sequence) {
  for (int attempt = 0;; ++attempt) {
    // withProtection(): a fresh GUID per attempt, so a lost create reply can be found again.
    const std::string guid = "_c_" + makeGuid(env_.world.chooser()) + "-";
    GuidCreate spec{
        .parent = basePath_,
        .guid = guid,
        .name = lockName_ + sequence,
        .mode = sequence.empty() ? CreateMode::EphemeralSequential : CreateMode::Ephemeral,
        .data = "",
        .createParents = true,
        .createLine = lines_.create,
        .findLine = lines_.find};
    std::optional<coro::SentCall<ChildrenResult>> listing;
    // Not a conditional expression: GCC 12 destroys the result of a co_await inside ?: twice.
    CreateResult created;
    if (pipeline_ && !revocationListener_) {
      created = co_await createPipelined(std::move(spec), listing);
    } else {
      created = co_await createFindingGuid(zk_, std::move(spec), env_.markLine);
    }
    if (created.rc == ErrorCode::ConnectionLoss) {
      // Gave up not knowing whether the node exists: remove it if it does (CURATOR-45).
      background_.start(findAndDeleteOrphan(guid));
    }
    if (created.rc != ErrorCode::Ok) co_return failedResult(created.rc);
    node_ = created.path;
    created_ = created.stat;
    AcquireResult result = co_await internalLockLoop(deadline, std::move(listing));
    // Our node vanished from the list (deleted under us): start again with a new node.
    if (nodeVanished_ && attempt < kConnectionLossRetries) continue;
    co_return result;
  }
}

coro::Task<CreateResult> LockInternals::createPipelined(
    GuidCreate spec, std::optional<coro::SentCall<ChildrenResult>>& listing) {
  mark(spec.createLine);
  coro::SentCall<CreateResult> sent(
      zk_.create(spec.parent + "/" + spec.guid + spec.name, spec.data, spec.mode));
  coro::SentCall<ChildrenResult> listed(zk_.getChildren(basePath_, false));
  CreateResult created = co_await sent;
  if (created.rc == ErrorCode::Ok) {
    listing.emplace(std::move(listed));
    co_return created;
  }
  // The listing is dropped (its reply is ignored): after NoNode it lacks our node; after a
  // ConnectionLoss it failed too (one connection answers in order). From here on it is the
  // unpipelined path: create the parents, or look for our GUID first since the server may have
  // created the node.
  if (created.rc != ErrorCode::NoNode && created.rc != ErrorCode::ConnectionLoss) co_return created;
  spec.mayExist = created.rc == ErrorCode::ConnectionLoss;
  co_return co_await createFindingGuid(zk_, std::move(spec), env_.markLine);
}

coro::Task<AcquireResult> LockInternals::internalLockLoop(
    const Deadline& deadline, std::optional<coro::SentCall<ChildrenResult>> listing) {
  nodeVanished_ = false;
  if (revocationListener_) {
    mark(lines_.watchOwn);
    const DataResult own = co_await retrying([&] { return zk_.getData(node_, true); });
    if (own.rc != ErrorCode::Ok) co_return co_await fail(failedResult(own.rc));
  }
  for (;;) {
    mark(lines_.list);
    ChildrenResult listed;
    bool answered = false;
    if (listing) {  // the first pass of a pipelined acquire: the listing is on its way already
      coro::SentCall<ChildrenResult> sent = std::move(*listing);
      listing.reset();
      listed = co_await sent;
      answered = listed.rc != ErrorCode::ConnectionLoss;
    }
    if (!answered) listed = co_await retrying([&] { return zk_.getChildren(basePath_, false); });
    if (listed.rc != ErrorCode::Ok && listed.rc != ErrorCode::NoNode) {
      co_return co_await fail(failedResult(listed.rc));
    }
    const std::span<const std::string> sorted = listed.rc == ErrorCode::Ok
                                                    ? listed.children->sortedBySequence()
                                                    : std::span<const std::string>{};
    const long ours = indexOfNode(sorted, nodeName(node_));
    if (ours < 0) {
      nodeVanished_ = true;
      co_return co_await fail(failedResult(ErrorCode::NoNode));
    }
    mark(lines_.check);
    const LockVerdict verdict = rule_(sorted, ours);
    if (verdict.ours) {
      waitingFor_.clear();
      co_return acquiredResult(node_, created_);
    }
    waitingFor_ = basePath_ + "/" + verdict.waitFor;
    wakeUp_.clear();
    mark(lines_.watchPredecessor);
    // getData, not exists: on a node already gone it fails and leaves no watch behind.
    const DataResult predecessor = co_await retrying(
        [&] { return zk_.getData(waitingFor_, true); });
    if (predecessor.rc == ErrorCode::NoNode) continue;
    if (predecessor.rc != ErrorCode::Ok) co_return co_await fail(failedResult(predecessor.rc));
    mark(lines_.wait);
    const bool woken = co_await waitForWakeUp(wakeUp_, deadline);
    if (!woken) co_return co_await fail(failedResult(AcquireFailure::TimedOut));
  }
}

coro::Task<AcquireResult> LockInternals::fail(AcquireResult failure) {
  waitingFor_.clear();
  mark(lines_.giveUp);
  co_return co_await giveUp(zk_, std::exchange(node_, {}), std::move(failure));
}

coro::Task<bool> LockInternals::releaseLock() {
  mark(lines_.release);
  const ErrorCode rc = co_await deleteGuaranteed(zk_, std::exchange(node_, {}));
  co_return rc == ErrorCode::Ok;
}

void LockInternals::onWatchEvent(const zookeeper::WatchedEvent& event) {
  // Any event on the node we wait for, or of the session, sends the waiter back to the list.
  if (event.type == zookeeper::EventType::None ||
      (!waitingFor_.empty() && event.path == waitingFor_)) {
    wakeUp_.notify();
  }
  if (revocationListener_ && event.type == zookeeper::EventType::NodeDataChanged &&
      !node_.empty() && event.path == node_ && !readingRevocation_) {
    background_.start(readRevocation());
  }
}

coro::Task<void> LockInternals::readRevocation() {
  readingRevocation_ = true;
  const std::string node = node_;
  mark(lines_.watchOwn);
  const DataResult data = co_await zk_.getData(node, true);  // re-arms the watch
  readingRevocation_ = false;
  if (data.rc == ErrorCode::Ok && node == node_ && isRevokeRequest(data.data)) {
    revocationListener_();
  }
}

coro::Task<void> LockInternals::findAndDeleteOrphan(std::string guid) {
  for (int attempt = 0; attempt <= kConnectionLossRetries; ++attempt) {
    const ChildrenResult listed = co_await zk_.getChildren(basePath_, false);
    if (listed.rc == ErrorCode::ConnectionLoss) continue;
    if (listed.rc != ErrorCode::Ok) co_return;
    const std::string orphan = findChildWithPrefix(basePath_, listed.children, guid);
    if (!orphan.empty()) co_await deleteGuaranteed(zk_, orphan);
    co_return;
  }
}

InterProcessMutex::InterProcessMutex(RecipeEnvironment& environment, std::string path,
                                     CuratorLines lines)
    : env_(environment),
      lines_(lines),
      internals_(environment, std::move(path), "lock-", lines, exclusiveRule) {}

coro::Task<AcquireResult> InterProcessMutex::acquire(const Deadline& deadline) {
  env_.markLine(lines_.reenter);
  if (count_ > 0) {
    ++count_;
    co_return holding_;
  }
  AcquireResult result = co_await internals_.attemptLock(deadline);
  if (result.acquired) {
    count_ = 1;
    holding_ = result;
  }
  co_return result;
}

coro::Task<bool> InterProcessMutex::release() {
  if (count_ == 0) co_return false;
  if (--count_ > 0) {
    env_.markLine(lines_.release);
    co_return true;
  }
  co_return co_await internals_.releaseLock();
}

coro::Task<bool> revokeFirstNode(AwaitableZooKeeper& zk, std::string lockPath,
                                 std::function<void(CodeLine)> markLine, CodeLine listLine,
                                 CodeLine writeLine) {
  markLine(listLine);
  const ChildrenResult listed = co_await retrying([&] { return zk.getChildren(lockPath, false); });
  if (listed.rc != ErrorCode::Ok || listed.children->empty()) co_return false;
  const std::string first = lockPath + "/" + listed.children->sortedBySequence().front();
  markLine(writeLine);
  const StatResult written = co_await zk.setData(first, "revoke");
  co_return written.rc == ErrorCode::Ok;
}

}  // namespace lockscope::recipes
