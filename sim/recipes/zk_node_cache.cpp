// zk-node-cache: Curator's NodeCache. A client keeps a copy of one node's data: exists() with a
// watch, then getData() with a watch, and the same two calls again each time the watch fires. A
// watch fires once: a change made after it fired and before those calls re-arm it is not
// reported on its own; the next read folds it in. So the cache ends up right, but it may skip
// versions: it held version 1, then version 3, and never version 2 (the cache_missed_versions
// metric counts them, sim/checkers/cache_gaps.h).
//
// Roles (watching_recipe.h): `acquire read` opens the cache on the lock path's node, `release
// read` closes it; writers take no lock and `write` (setData) the node as they please.
#include "watching_recipe.h"
#include "zk_recipes.h"

namespace lockscope::recipes {
namespace {

constexpr CodeLine kExists{1, "exists("};
constexpr CodeLine kGetData{2, "getData("};
constexpr CodeLine kWait{3, "wait for"};
constexpr CodeLine kClose{4, "removeWatches("};
constexpr CodeLine kWriter{5, "no lock"};
constexpr CodeLine kRead{6, "read:"};
constexpr CodeLine kWrite{7, "setData("};

class ZkNodeCache final : public WatchingRecipe {
 public:
  explicit ZkNodeCache(RecipeEnvironment& environment)
      : WatchingRecipe(environment, {kWait, kClose, kRead, kWrite}),
        path_(environment.parameters.lockPath) {}

  coro::Task<AcquireResult> acquire(LockMode mode) override {
    if (mode != LockMode::Read) {
      line(kWriter);
      co_return started();
    }
    markOpen();
    co_await load(generation());
    startLoop();
    co_return started();
  }

  coro::Task<bool> release(LockMode mode) override {
    if (mode != LockMode::Read) co_return true;
    std::vector<std::string> watched{path_};  // not a braced list in the call: GCC 12's coroutines
    co_return co_await close(std::move(watched));
  }

 protected:
  std::string resourcePath() const override { return path_; }

  coro::Task<void> handle(std::vector<zookeeper::WatchedEvent> events) override {
    // NodeCache's watcher resets on any event of its node; a reconnection resets it too.
    bool reset = false;
    for (const zookeeper::WatchedEvent& event : events) {
      reset = reset || event.path == path_ ||
              (event.type == zookeeper::EventType::None &&
               event.state == zookeeper::SessionState::SyncConnected);
    }
    if (reset) co_await load(generation());
  }

 private:
  // NodeCache.reset(): exists(watch), then getData(watch) when the node is there.
  coro::Task<void> load(uint64_t generation) {
    line(kExists);
    const StatResult found = co_await retrying([&] { return zk().exists(path_, true); });
    if (!stillOpen(generation)) co_return;
    if (found.rc == ErrorCode::NoNode) hold(false, "", -1);
    if (found.rc != ErrorCode::Ok) co_return;
    line(kGetData);
    const DataResult read = co_await retrying([&] { return zk().getData(path_, true); });
    if (!stillOpen(generation)) co_return;
    if (read.rc == ErrorCode::NoNode) hold(false, "", -1);
    if (read.rc == ErrorCode::Ok) hold(true, read.data, read.stat.version);
  }

  // The cache's new content; the stage and the checkers hear of it when it changed.
  void hold(bool exists, const std::string& data, int64_t version) {
    if (loaded_ && exists == exists_ && data == data_ && version == version_) return;
    loaded_ = true;
    exists_ = exists;
    data_ = data;
    version_ = version;
    noteCache(path_, exists ? "\"" + data + "\"" : "no node", version);
  }

  std::string path_;
  bool loaded_ = false, exists_ = false;
  std::string data_;
  int64_t version_ = -1;
};

}  // namespace

RecipeDescription describeZkNodeCache() {
  return RecipeDescription{
      .name = "zk-node-cache",
      .summary =
          "Curator's NodeCache: one node's data, re-read at every watch event; a change "
          "before the re-read is folded in, its version never held",
      .pseudocode =
          {
              "cache (acquire read): exists(node, watch=true)   (node: the lock path)",
              "it exists: getData(node, watch=true): the cache now holds data and version",
              "wait for the watch to fire, then go to 1 (no watch is armed until 1 runs)",
              "close (release read): removeWatches(node)",
              "writer (acquire): no lock; writers write whenever they like",
              "read: value = getData(node)",
              "write: setData(node, value + 1)",
          },
      .codeLines = {kExists, kGetData, kWait, kClose, kWriter, kRead, kWrite},
      .fair = false,
      .excludes = false,
      .readHeldWord = "cache open",
      .heldWord = "writing",
      .make = makeRecipe<ZkNodeCache>,
  };
}

}  // namespace lockscope::recipes
