#include "watching_recipe.h"

#include <charconv>
#include <iterator>
#include <utility>

namespace lockscope::recipes {
namespace {

int64_t numberIn(const std::string& data) {
  int64_t number = 0;
  std::from_chars(data.data(), data.data() + data.size(), number);
  return number;
}

}  // namespace

void WatchingRecipe::onWatchEvent(const zookeeper::WatchedEvent& event) {
  using zookeeper::SessionState;
  if (event.type == zookeeper::EventType::None) {
    // Of the session's own events only a reconnection is news to a watcher (Curator's caches
    // refresh on RECONNECTED): what changed while it was cut off may not have been reported.
    if (event.state == SessionState::Disconnected) disconnected_ = true;
    if (event.state != SessionState::SyncConnected || !std::exchange(disconnected_, false)) return;
  }
  if (!open_) return;
  events_.push_back(event);
  changed_.notify();
}

void WatchingRecipe::markOpen() {
  open_ = true;
  ++generation_;
  events_.clear();
}

void WatchingRecipe::startLoop() { background_.start(loop(generation_)); }

coro::Task<void> WatchingRecipe::loop(uint64_t generation) {
  while (stillOpen(generation)) {
    if (events_.empty()) {
      line(lines_.wait);
      co_await changed_.wait();
      continue;
    }
    std::vector<zookeeper::WatchedEvent> events(std::make_move_iterator(events_.begin()),
                                                std::make_move_iterator(events_.end()));
    events_.clear();
    co_await handle(std::move(events));
  }
}

coro::Task<bool> WatchingRecipe::close(std::vector<std::string> paths) {
  open_ = false;
  events_.clear();
  changed_.notify();  // the loop, if it waits, sees the watcher closed and ends
  line(lines_.close);
  bool clean = true;
  for (std::string& path : paths) {
    const ErrorCode rc = co_await zk().removeWatches(std::move(path), zookeeper::WatcherType::Any,
                                                     false);
    // NoWatcher: the watch had fired and was not set again; SessionExpired: the watches went
    // with the session; Unimplemented: a live server's client cannot ask, and the watch stays
    // until it fires or the session ends.
    if (rc != ErrorCode::Ok && rc != ErrorCode::NoWatcher && rc != ErrorCode::SessionExpired &&
        rc != ErrorCode::Unimplemented)
      clean = false;
  }
  co_return clean;
}

coro::Task<void> WatchingRecipe::readResource(int64_t) {
  const std::string path = resourcePath();
  if (path.empty()) co_return;
  line(lines_.read);
  const DataResult read = co_await retrying([&] { return zk().getData(path, false); });
  if (read.rc == ErrorCode::Ok) value_ = numberIn(read.data);
}

coro::Task<void> WatchingRecipe::writeResource(int64_t) {
  const std::string path = resourcePath();
  if (path.empty()) co_return;
  line(lines_.write);
  const StatResult written = co_await zk().setData(path, std::to_string(value_ + 1));
  if (written.rc == ErrorCode::Ok) ++value_;
}

void WatchingRecipe::noteCache(const std::string& path, const std::string& holds, int64_t version) {
  const std::string detail = env_.clientName + "'s copy of " + path + ": " +
                             (holds.empty() ? "(empty)" : holds) +
                             (version >= 0 ? " (version " + std::to_string(version) + ")" : "");
  env_.world.record({.kind = sim::TraceKind::Note,
                     .actor = env_.clientName,
                     .op = sim::NoteOp::Cache,
                     .path = path,
                     .value = holds,
                     .detail = detail,
                     .request = version});
}

}  // namespace lockscope::recipes
