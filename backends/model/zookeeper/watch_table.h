// The server's table of armed one-shot watches, by path and session.
//
// As on the real server there are two tables: data watches (set by getData, and by exists whether
// or not the node exists) and child watches (set by getChildren). A write fires and removes the
// watches it triggers; each session hears of one change to one path once, even when both of its
// tables matched (a delete fires the data and the child watches of the deleted node). Persistent
// watches (addWatch) live beside them, in PersistentWatches, and fire without being removed.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "backends/api/zookeeper_types.h"
#include "persistent_watches.h"
#include "session_set.h"

namespace lockscope::zookeeper::model {

struct Notification {
  int64_t session;
  WatchedEvent event;
};

class WatchTable {
 public:
  // A one-shot watch; it replaces a persistent one of the session on the same path and table.
  void add(WatchKind kind, const std::string& path, int64_t session);
  // A persistent watch (both tables); it replaces the session's one-shot watches on the path.
  void addPersistent(const std::string& path, int64_t session, AddWatchMode mode);
  // DataTree.removeWatch: the session's watches of `type` on `path`, one-shot or persistent, are
  // gone; false when there was none. `removedFrom`, when given, gets each table a watch left.
  bool remove(const std::string& path, WatcherType type, int64_t session,
              std::vector<WatchKind>* removedFrom = nullptr);
  bool has(WatchKind kind, const std::string& path, int64_t session) const;

  // Fires `type` for `path`, appending one notification per watching session (sorted by session).
  void trigger(const std::string& path, EventType type, std::vector<Notification>& out);

  // Drops every watch of a session (it expired, closed, or is about to re-register them).
  void removeSession(int64_t session);

  // What is still armed: counted by the leaked-watch checker and shown by the GUI.
  size_t count() const;
  size_t countForSession(int64_t session) const;
  // Armed watches as (kind, path, session), in a stable order.
  struct Entry {
    WatchKind kind;
    std::string path;
    int64_t session;
  };
  std::vector<Entry> entries() const;

 private:
  using PathTable = std::map<std::string, SessionSet, std::less<>>;
  // Moves the path's sessions (ascending) into `sessions`, merged with those already there.
  static void take(PathTable& table, const std::string& path, std::vector<int64_t>& sessions);

  PathTable data_;
  PathTable child_;
  PersistentWatches persistent_;
};

}  // namespace lockscope::zookeeper::model
