#include "lock_steps.h"

#include <algorithm>
#include <utility>

#include "lock_nodes.h"

namespace lockscope::recipes {

AcquireResult acquiredResult(const std::string& node, const Stat& stat) {
  return AcquireResult{.acquired = true, .fencingToken = stat.czxid, .node = node};
}

AcquireResult failedResult(ErrorCode rc, const std::string& node) {
  return AcquireResult{.node = node, .failure = AcquireFailure::CallFailed, .rc = rc};
}

AcquireResult failedResult(AcquireFailure why, const std::string& node) {
  return AcquireResult{.node = node, .failure = why};
}

Deadline::Deadline(const sim::World& world, int64_t timeoutMs) : world_(world) {
  if (timeoutMs >= 0) at_ = world.now() + sim::fromMillis(timeoutMs);
}

bool Deadline::passed() const { return at_ >= 0 && world_.now() >= at_; }

sim::Micros Deadline::remaining() const {
  return at_ < 0 ? -1 : std::max<sim::Micros>(0, at_ - world_.now());
}

coro::Task<ErrorCode> deleteGuaranteed(AwaitableZooKeeper& zk, std::string node) {
  for (int attempt = 0;; ++attempt) {
    const ErrorCode rc = co_await zk.remove(node);
    if (rc == ErrorCode::NoNode && attempt > 0) co_return ErrorCode::Ok;
    if (rc != ErrorCode::ConnectionLoss || attempt == kConnectionLossRetries) co_return rc;
  }
}

coro::Task<AcquireResult> giveUp(AwaitableZooKeeper& zk, std::string node, AcquireResult failure) {
  if (!node.empty()) co_await deleteGuaranteed(zk, node);
  failure.node = node;
  co_return failure;
}

coro::Task<ErrorCode> createParentContainers(AwaitableZooKeeper& zk, std::string path) {
  for (size_t slash = path.find('/', 1); slash != std::string::npos;
       slash = path.find('/', slash + 1)) {
    const ErrorCode rc = (co_await zk.create(path.substr(0, slash), "", CreateMode::Container)).rc;
    if (rc != ErrorCode::Ok && rc != ErrorCode::NodeExists) co_return rc;
  }
  co_return ErrorCode::Ok;
}

coro::Task<CreateResult> createFindingGuid(AwaitableZooKeeper& zk, GuidCreate spec,
                                           std::function<void(CodeLine)> markLine) {
  const std::string path = spec.parent + "/" + spec.guid + spec.name;
  CreateResult created;
  bool mayExist =
      spec.mayExist;  // a create failed with ConnectionLoss: the server may have done it
  for (int attempt = 0; attempt <= kConnectionLossRetries; ++attempt) {
    if (mayExist) {
      markLine(spec.findLine);
      const ChildrenResult listed = co_await zk.getChildren(spec.parent, false);
      if (listed.rc == ErrorCode::ConnectionLoss) continue;  // still unknown: look again
      const std::string found = findChildWithPrefix(spec.parent, listed.children, spec.guid);
      if (!found.empty()) {
        markLine(spec.findLine);
        const StatResult own = co_await retrying([&] { return zk.exists(found, false); });
        if (own.rc == ErrorCode::Ok) co_return CreateResult{ErrorCode::Ok, found, *own.stat};
      }
    }
    markLine(spec.createLine);
    created = co_await zk.create(path, spec.data, spec.mode);
    if (created.rc == ErrorCode::NoNode && spec.createParents) {
      markLine(spec.createLine);
      const ErrorCode parents = co_await createParentContainers(zk, path);
      if (parents != ErrorCode::Ok) co_return CreateResult{parents, "", {}};
      continue;
    }
    if (created.rc != ErrorCode::ConnectionLoss) co_return created;
    mayExist = true;
  }
  co_return created;
}

coro::Task<QueueListing> listQueue(AwaitableZooKeeper& zk, std::string lock, std::string node,
                                   bool watch) {
  const ChildrenResult listed = co_await retrying([&] { return zk.getChildren(lock, watch); });
  QueueListing listing{listed.rc, listed.children, -1, ""};
  if (listed.rc != ErrorCode::Ok) co_return listing;
  const QueuePosition position = queuePosition(lock, listed.children, node);
  listing.index = position.index;
  listing.predecessor = position.predecessor;
  if (listing.index < 0) listing.rc = ErrorCode::NoNode;
  co_return listing;
}

coro::Task<bool> waitForWakeUp(coro::Signal& wakeUp, const Deadline& deadline) {
  if (deadline.passed()) co_return false;
  const bool woken = co_await wakeUp.wait(deadline.remaining());
  co_return woken;
}

coro::Task<bool> SingleNodeRecipe::release(LockMode) {
  line(releaseLine_);
  const ErrorCode rc = co_await deleteGuaranteed(zk(), std::exchange(node_, {}));
  co_return rc == ErrorCode::Ok;
}

void SingleNodeRecipe::onWatchEvent(const zookeeper::WatchedEvent& event) {
  if (event.type == zookeeper::EventType::None || (!watched_.empty() && event.path == watched_)) {
    wakeUp_.notify();
  }
}

coro::Task<CreateResult> SingleNodeRecipe::createGuidNode(CreateMode mode) {
  GuidCreate spec{.parent = parameters().lockPath,
                  .guid = makeGuid(env_.world.chooser()) + "-",
                  .name = "lock-",
                  .mode = mode,
                  .createLine = kGuidCreate,
                  .findLine = kGuidRecover};
  const CreateResult created = co_await createFindingGuid(zk(), std::move(spec), env_.markLine);
  if (created.rc == ErrorCode::Ok) node_ = created.path;
  co_return created;
}

coro::Task<CreateResult> SingleNodeRecipe::createPlainNode(CodeLine createLine) {
  line(createLine);
  const CreateResult created = co_await zk().create(parameters().lockPath + "/lock-", "",
                                                    CreateMode::EphemeralSequential);
  if (created.rc == ErrorCode::Ok) node_ = created.path;
  co_return created;
}

coro::Task<AcquireResult> SingleNodeRecipe::giveUpNode(CodeLine giveUpLine, AcquireResult failure) {
  watched_.clear();
  line(giveUpLine);
  co_return co_await giveUp(zk(), std::exchange(node_, {}), std::move(failure));
}

void BackgroundTasks::start(coro::Task<void> task) {
  std::erase_if(tasks_, [](const coro::Task<void>& finished) { return finished.done(); });
  tasks_.push_back(std::move(task));
  tasks_.back().start();
}

}  // namespace lockscope::recipes
