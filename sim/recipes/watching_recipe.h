// The base of the recipes that watch rather than lock: the watch-events demonstration and
// Curator's caches (zk-watch-events, zk-node-cache, zk-children-cache). No recipe of these
// excludes anyone: an "acquire" starts a role and "acquired" only means it has started, as with
// db-optimistic.
//
// A client's role is the mode of its acquire: `acquire read` opens the watcher (a cache reads what
// others write), and its `release read` closes it: removeWatches on what it watched, as Curator's
// caches do on close (a live server answers Unimplemented, libzookeeper_mt 3.8 having no such call,
// and the watch stays there, as under Curator's ZooKeeper 3.4 compatibility). Any other acquire
// and release are the recipe's writer's. `read` and `write` work on the recipe's node: getData,
// and setData of the last value read or written plus one.
//
// While the watcher is open, a loop in the background takes the watch events as they come (the
// recipe queues them) and does what the recipe says for each, until the watcher is closed.
#pragma once

#include <deque>
#include <string>
#include <vector>

#include "lock_steps.h"

namespace lockscope::recipes {

class WatchingRecipe : public LockRecipe {
 public:
  struct Lines {
    CodeLine wait;   // the loop waits for a notification
    CodeLine close;  // release read: removeWatches
    CodeLine read;   // the plan's read step
    CodeLine write;  // the plan's write step
  };
  WatchingRecipe(RecipeEnvironment& environment, Lines lines)
      : LockRecipe(environment), changed_(environment.process), lines_(lines) {}

  void onWatchEvent(const zookeeper::WatchedEvent& event) override;
  bool ownsResource() const override { return true; }
  coro::Task<void> readResource(int64_t token) override;
  coro::Task<void> writeResource(int64_t token) override;

 protected:
  // The node `read` and `write` work on; empty: none (they do nothing).
  virtual std::string resourcePath() const = 0;
  // The loop's turn: what to do about `events` (in the order they came). Each call it makes must
  // be preceded by a look at stillOpen(): a closed watcher sends nothing more.
  virtual coro::Task<void> handle(std::vector<zookeeper::WatchedEvent> events) = 0;

  // Opens the watcher (its first reads done by the caller) and starts the loop.
  void startLoop();
  bool stillOpen(uint64_t generation) const { return open_ && generation == generation_; }
  uint64_t generation() const { return generation_; }
  bool open() const { return open_; }
  // Marks the watcher open, a new generation: call before the first reads.
  void markOpen();
  // Closes the watcher: the loop stops, then removeWatches on each path (all kinds).
  coro::Task<bool> close(std::vector<std::string> paths);

  // What the client's cache holds now, for the stage and the checkers (sim/checkers/cache_gaps.h):
  // `holds` in words, `version` the one it loaded (-1: nothing, or not known).
  void noteCache(const std::string& path, const std::string& holds, int64_t version);

  // A started role that takes no lock.
  static AcquireResult started() { return AcquireResult{.acquired = true}; }

 private:
  coro::Task<void> loop(uint64_t generation);

  bool open_ = false;
  bool disconnected_ = false;  // the session lost its connection and has not yet got it back
  uint64_t generation_ = 0;
  std::deque<zookeeper::WatchedEvent> events_;
  coro::Signal changed_;
  BackgroundTasks background_;
  Lines lines_;
  int64_t value_ = 0;  // the last value this client read or wrote
};

}  // namespace lockscope::recipes
