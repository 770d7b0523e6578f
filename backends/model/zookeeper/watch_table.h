// The server's table of armed one-shot watches, by path and session.
//
// As on the real server there are two tables: data watches (set by getData, and by exists whether
// or not the node exists) and child watches (set by getChildren). A write fires and removes the
// watches it triggers; each session hears of one change to one path once, even when both of its
// tables matched (a delete fires the data and the child watches of the deleted node).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "backends/api/zookeeper_types.h"
#include "session_set.h"

namespace lockscope::zookeeper::model {

enum class WatchKind { Data, Child };

struct Notification {
  int64_t session;
  WatchedEvent event;
};

class WatchTable {
 public:
  void add(WatchKind kind, const std::string& path, int64_t session);
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
};

}  // namespace lockscope::zookeeper::model
