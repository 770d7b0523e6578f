// zk-children-cache: Curator's PathChildrenCache, the basis of service discovery. Services
// register an ephemeral node each under the lock path (/services/s1 ...); a client keeps a copy
// of the list and of each node's data: getChildren with a watch on the parent, getData with a
// watch on each new child, and again as the watches fire: the parent's NodeChildrenChanged lists
// again (CHILD_ADDED, CHILD_REMOVED), a child's NodeDataChanged reads it again (CHILD_UPDATED),
// its NodeDeleted drops it (CHILD_REMOVED). A service that crashes stays on every list until the
// server expires its session and deletes its node.
//
// Roles (watching_recipe.h): `acquire read` opens the cache, `release read` closes it; `acquire`
// registers the client (its node: the lock path / its name, EPHEMERAL, data "0"), `release`
// deregisters it; `write` sets its node's data to the next number (a service's new state).
#include <map>

#include "watching_recipe.h"
#include "zk_recipes.h"

namespace lockscope::recipes {
namespace {

constexpr CodeLine kRegister{1, "create("};
constexpr CodeLine kList{2, "getChildren("};
constexpr CodeLine kGetData{3, "getData(child"};
constexpr CodeLine kWait{4, "wait for"};
constexpr CodeLine kRemoved{5, "NodeDeleted"};
constexpr CodeLine kClose{6, "removeWatches("};
constexpr CodeLine kDeregister{7, "deregister"};
constexpr CodeLine kRead{8, "read:"};
constexpr CodeLine kWrite{9, "setData("};

class ZkChildrenCache final : public WatchingRecipe {
 public:
  explicit ZkChildrenCache(RecipeEnvironment& environment)
      : WatchingRecipe(environment, {kWait, kClose, kRead, kWrite}),
        parent_(environment.parameters.lockPath),
        own_(parent_ + "/" + environment.clientName) {}

  coro::Task<AcquireResult> acquire(LockMode mode) override {
    if (mode != LockMode::Read) {
      line(kRegister);
      const CreateResult created = co_await zk().create(own_, "0", CreateMode::Ephemeral);
      if (created.rc != ErrorCode::Ok) co_return failedResult(created.rc);
      co_return started();
    }
    markOpen();
    cached_.clear();
    co_await refresh(generation());
    startLoop();
    co_return started();
  }

  coro::Task<bool> release(LockMode mode) override {
    if (mode == LockMode::Read) {
      std::vector<std::string> watched{parent_};
      for (const auto& [child, data] : cached_) watched.push_back(child);
      co_return co_await close(std::move(watched));
    }
    line(kDeregister);
    co_return co_await deleteGuaranteed(zk(), own_) == ErrorCode::Ok;
  }

 protected:
  std::string resourcePath() const override { return own_; }

  coro::Task<void> handle(std::vector<zookeeper::WatchedEvent> events) override {
    const uint64_t generation = this->generation();
    bool relist = false;
    for (const zookeeper::WatchedEvent& event : events) {
      using zookeeper::EventType;
      if (event.path == parent_ || (event.type == EventType::None &&
                                    event.state == zookeeper::SessionState::SyncConnected)) {
        relist = true;
      } else if (event.type == EventType::NodeDeleted && cached_.erase(event.path) > 0) {
        line(kRemoved);
        noteChildren(-1);  // a child gone without a listing: the parent's version is not known
      } else if (event.type == EventType::NodeDataChanged && cached_.contains(event.path)) {
        if (!stillOpen(generation)) co_return;
        co_await readChild(event.path, generation);
        noteChildren(version_);
      }
    }
    if (relist && stillOpen(generation)) co_await refresh(generation);
  }

 private:
  // PathChildrenCache.refresh(): the list with a watch; children no longer there are dropped,
  // new ones read with a watch on each.
  coro::Task<void> refresh(uint64_t generation) {
    line(kList);
    const ChildrenResult listed = co_await retrying(
        [&] { return zk().getChildren(parent_, true); });
    if (!stillOpen(generation) || listed.rc != ErrorCode::Ok) co_return;
    std::map<std::string, std::string> now;
    for (const std::string& name : listed.children->names()) {
      const std::string child = parent_ + "/" + name;
      const auto known = cached_.find(child);
      now[child] = known == cached_.end() ? std::string() : known->second;
    }
    const std::map<std::string, std::string> before = std::exchange(cached_, now);
    for (const auto& [child, data] : now) {
      if (before.contains(child) || !stillOpen(generation)) continue;
      co_await readChild(child, generation);
    }
    if (stillOpen(generation)) noteChildren(listed.stat.cversion);
  }

  coro::Task<void> readChild(std::string child, uint64_t generation) {
    line(kGetData);
    const DataResult read = co_await retrying([&] { return zk().getData(child, true); });
    if (!stillOpen(generation)) co_return;
    if (read.rc == ErrorCode::Ok) cached_[child] = read.data;
    if (read.rc == ErrorCode::NoNode) cached_.erase(child);
  }

  // What the cache lists now, by name and data: "s1=0, s2=3".
  void noteChildren(int64_t version) {
    std::string holds;
    for (const auto& [child, data] : cached_) {
      if (!holds.empty()) holds += ", ";
      holds += child.substr(parent_.size() + 1) + "=" + data;
    }
    if (noted_ && holds == holds_ && version == version_) return;
    noted_ = true;
    holds_ = holds;
    version_ = version;
    noteCache(parent_, holds, version);
  }

  std::string parent_;
  std::string own_;
  std::map<std::string, std::string> cached_;  // child path -> its data
  bool noted_ = false;
  std::string holds_;
  int64_t version_ = -1;
};

}  // namespace

RecipeDescription describeZkChildrenCache() {
  return RecipeDescription{
      .name = "zk-children-cache",
      .summary =
          "Curator's PathChildrenCache (service discovery): services register ephemeral "
          "nodes; a client's cache lists them, kept up by watches",
      .pseudocode =
          {
              "service (acquire): create(\"/services/<name>\", \"0\", EPHEMERAL)",
              "cache (acquire read): getChildren(\"/services\", watch=true); drop the gone",
              "for each new child: getData(child, watch=true); the cache holds it",
              "wait for a watch: /services changed: go to 2; a child's data: go to 3",
              "NodeDeleted of a child: drop it, then go to 4",
              "close (release read): removeWatches(\"/services\"), removeWatches(each child)",
              "service (release): deregister: delete(\"/services/<name>\")",
              "read: value = getData(\"/services/<name>\")",
              "write: setData(\"/services/<name>\", value + 1)",
          },
      .codeLines = {kRegister, kList, kGetData, kWait, kRemoved, kClose, kDeregister, kRead,
                    kWrite},
      .fair = false,
      .excludes = false,
      .readHeldWord = "cache open",
      .heldWord = "registered",
      .make = makeRecipe<ZkChildrenCache>,
  };
}

}  // namespace lockscope::recipes
