// The server's persistent and persistent recursive watches (zkCli's addWatch), by path and
// session, in the same two tables as the one-shot watches (WatchTable), as ZooKeeper 3.8 keeps
// them: addWatch arms the data table and the child table, whatever its mode.
//
// That placement shows through removeWatches: `removewatches -d` takes only the data table's
// entry away, so a persistent watch keeps firing NodeChildrenChanged (observed on 3.8.0,
// tests/zkcli/11-persistent-watches.zk). A recursive entry fires for its node and every node
// below it, but never NodeChildrenChanged; a one-shot watch armed on the same path and table
// (get -w, ls -w) replaces the entry (WatcherModeManager keeps one mode per watcher and path).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "backends/api/zookeeper_types.h"

namespace lockscope::zookeeper::model {

enum class WatchKind { Data, Child };

class PersistentWatches {
 public:
  void add(const std::string& path, int64_t session, AddWatchMode mode);
  // Removes the entry of one table; true when there was one.
  bool remove(WatchKind kind, const std::string& path, int64_t session);
  void removeSession(int64_t session);

  // Appends the sessions `type` on `path` fires in `kind`'s table (unsorted, maybe repeated).
  void collect(WatchKind kind, const std::string& path, EventType type,
               std::vector<int64_t>& sessions) const;

  size_t count() const;
  size_t countForSession(int64_t session) const;
  // (path, session) of one table, in a stable order.
  std::vector<std::pair<std::string, int64_t>> entries(WatchKind kind) const;

 private:
  using Table = std::map<std::string, std::map<int64_t, AddWatchMode>, std::less<>>;
  const Table& table(WatchKind kind) const { return kind == WatchKind::Data ? data_ : child_; }
  Table& table(WatchKind kind) { return kind == WatchKind::Data ? data_ : child_; }

  Table data_;
  Table child_;
  size_t recursive_ = 0;  // recursive entries: only then do a node's ancestors need a look
};

}  // namespace lockscope::zookeeper::model
