// zk-watch-events: the four kinds of watch event, each shown once. A watcher watches one node
// and its parent's children; a writer creates the node, sets its data and deletes it. Which read
// arms which watch decides what is reported: exists() arms a data watch even on a missing node
// (NodeCreated, then NodeDataChanged and NodeDeleted); getData() arms one only on a node that is
// there; getChildren() arms a child watch (NodeChildrenChanged). Each watch fires once, so the
// watcher sets the one that fired again, with the read that suits the node's state.
//
// The node is the lock path's child "config" (/app/config for lock_path /app). Roles
// (watching_recipe.h): `acquire read` opens the watcher, `release read` removes its watches;
// `acquire` creates the node, `write` sets its data, `release` deletes it.
#include "watching_recipe.h"
#include "zk_recipes.h"

namespace lockscope::recipes {
namespace {

constexpr CodeLine kExists{1, "exists("};
constexpr CodeLine kChildren{2, "getChildren("};
constexpr CodeLine kWait{3, "wait for"};
constexpr CodeLine kGetData{4, "getData("};
constexpr CodeLine kRewatchDeleted{5, "NodeDeleted"};
constexpr CodeLine kRelist{6, "NodeChildrenChanged"};
constexpr CodeLine kClose{7, "removeWatches("};
constexpr CodeLine kCreate{8, "create("};
constexpr CodeLine kRead{9, "read:"};
constexpr CodeLine kWrite{10, "setData("};
constexpr CodeLine kDelete{11, "delete("};

class ZkWatchEvents final : public WatchingRecipe {
 public:
  explicit ZkWatchEvents(RecipeEnvironment& environment)
      : WatchingRecipe(environment, {kWait, kClose, kRead, kWrite}),
        parent_(environment.parameters.lockPath),
        node_(parent_ + "/config") {}

  coro::Task<AcquireResult> acquire(LockMode mode) override {
    if (mode != LockMode::Read) {
      line(kCreate);
      const CreateResult created = co_await zk().create(node_, "0", CreateMode::Persistent);
      if (created.rc != ErrorCode::Ok) co_return failedResult(created.rc);
      co_return started();
    }
    markOpen();
    const uint64_t generation = this->generation();
    line(kExists);
    co_await retrying([&] { return zk().exists(node_, true); });
    if (stillOpen(generation)) {
      line(kChildren);
      co_await retrying([&] { return zk().getChildren(parent_, true); });
    }
    startLoop();
    co_return started();
  }

  coro::Task<bool> release(LockMode mode) override {
    if (mode == LockMode::Read) {
      std::vector<std::string> watched{node_, parent_};  // GCC 12: no braced list in a coroutine
      co_return co_await close(std::move(watched));
    }
    line(kDelete);
    co_return co_await deleteGuaranteed(zk(), node_) == ErrorCode::Ok;
  }

 protected:
  std::string resourcePath() const override { return node_; }

  coro::Task<void> handle(std::vector<zookeeper::WatchedEvent> events) override {
    const uint64_t generation = this->generation();
    using zookeeper::EventType;
    for (const zookeeper::WatchedEvent& event : events) {
      if (!stillOpen(generation)) co_return;
      if (event.path == node_ &&
          (event.type == EventType::NodeCreated || event.type == EventType::NodeDataChanged)) {
        line(kGetData);
        co_await retrying([&] { return zk().getData(node_, true); });
      } else if (event.path == node_ && event.type == EventType::NodeDeleted) {
        line(kRewatchDeleted);
        co_await retrying([&] { return zk().exists(node_, true); });
      } else if (event.path == parent_ && event.type == EventType::NodeChildrenChanged) {
        line(kRelist);
        co_await retrying([&] { return zk().getChildren(parent_, true); });
      }
    }
  }

 private:
  std::string parent_;
  std::string node_;
};

}  // namespace

RecipeDescription describeZkWatchEvents() {
  return RecipeDescription{
      .name = "zk-watch-events",
      .summary =
          "The watch event types: exists, getData and getChildren watches, and a writer "
          "that creates, sets and deletes the watched node",
      .pseudocode =
          {
              "watcher (acquire read): exists(node, watch=true): armed even on a missing node",
              "getChildren(parent, watch=true): a child watch on the lock path",
              "wait for a notification: its type says what changed; set that watch again",
              "NodeCreated, NodeDataChanged: getData(node, watch=true)",
              "NodeDeleted: exists(node, watch=true), as getData arms nothing on a missing node",
              "NodeChildrenChanged: getChildren(parent, watch=true)",
              "close (release read): removeWatches(node), removeWatches(parent)",
              "writer (acquire): create(node, \"0\")   (node: the lock path + \"/config\")",
              "read: value = getData(node)",
              "write: setData(node, value + 1)",
              "writer (release): delete(node)",
          },
      .codeLines = {kExists, kChildren, kWait, kGetData, kRewatchDeleted, kRelist, kClose, kCreate,
                    kRead, kWrite, kDelete},
      .fair = false,
      .excludes = false,
      .readHeldWord = "watching",
      .heldWord = "node created",
      .make = makeRecipe<ZkWatchEvents>,
  };
}

}  // namespace lockscope::recipes
