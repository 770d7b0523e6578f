// Watches armed at the server, kept from the trace like ZooKeeper's WatchManager keeps them: one
// data watch (set by exists or getData) and one child watch per session and path. A `watch_set`
// arms one (a watch re-armed after a reconnect comes back as a `watch_set` too); a `watch_fired`
// disarms what the server fires for that event (NodeDeleted: the data and the child watch;
// NodeCreated and NodeDataChanged: the data watch; NodeChildrenChanged: the child watch); a
// session the server expires, closes or resumes loses all of its watches.
//
// A persistent watch (addWatch, `watch_set` persistent or persistent_recursive) sits in both of
// the server's tables and is never disarmed by firing; it leaves a table when the session arms a
// one-shot watch there (the server keeps one mode per session and path) or when removeWatches
// takes it out (`watch_removed`, naming the table), and goes when it has left both. It is one
// watch here, as for the client that asked for it.
//
// The watch-leak checker and the GUI's stage (its watch arrows) both read this one table.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "sim/trace/trace_event.h"

namespace lockscope::checkers {

class ArmedWatches {
 public:
  struct Watch {
    sim::WatchOp kind = sim::WatchOp::Data;  // as the trace named it when set
    sim::Micros since = 0;
    // A persistent watch: the server tables it is still in (kInData | kInChild); 0 otherwise.
    uint8_t tables = 0;
  };
  static constexpr uint8_t kInData = 1, kInChild = 2;

  ArmedWatches() = default;
  // Copies (the GUI's stage snapshots) take the armed watches, not the spare nodes.
  ArmedWatches(const ArmedWatches& other) : armed_(other.armed_) {}
  ArmedWatches& operator=(const ArmedWatches& other) {
    armed_ = other.armed_;
    spare_.clear();
    return *this;
  }
  ArmedWatches(ArmedWatches&&) = default;
  ArmedWatches& operator=(ArmedWatches&&) = default;

  void onEvent(const sim::TraceEvent& event);
  size_t size() const { return armed_.size(); }
  // Calls visit(session, path, watch) for every armed watch, by session, then path.
  template <typename Visit>
  void forEach(Visit&& visit) const {
    for (const auto& [key, watch] : armed_) visit(key.session, std::string_view(key.path), watch);
  }

 private:
  enum Table : uint8_t { Data, Child, Persistent };
  // Ordered by session first, so that a session's watches are one range.
  struct Key {
    int64_t session = 0;
    Table table = Data;
    std::string path;
  };
  struct KeyView {
    int64_t session = 0;
    Table table = Data;
    std::string_view path;
  };
  struct KeyLess {
    using is_transparent = void;
    template <typename A, typename B>
    bool operator()(const A& a, const B& b) const {
      return std::tuple(a.session, a.table, std::string_view(a.path)) <
             std::tuple(b.session, b.table, std::string_view(b.path));
    }
  };

  using Armed = std::map<Key, Watch, KeyLess>;

  void disarm(int64_t session, Table table, std::string_view path);
  void arm(int64_t session, Table table, std::string_view path, const Watch& watch);
  // The persistent watch of (session, path) leaves `table` (Data or Child); gone when in neither.
  void leavePersistent(int64_t session, Table table, std::string_view path);

  Armed armed_;
  // Nodes of disarmed watches, reused by the next watch armed: in a herd every waiter's watch is
  // fired and set again on each release, a million times for 1,000 clients, and a fresh map node
  // each time was a tenth of the judge's cost.
  std::vector<Armed::node_type> spare_;
};

}  // namespace lockscope::checkers
