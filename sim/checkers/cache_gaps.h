// Versions a client's cache never held. A cache built on one-shot watches (Curator's NodeCache
// and PathChildrenCache, sim/recipes/zk_caches.h) re-reads after each notification, and whatever
// changed between the watch firing and the read that re-arms it is folded into that one read: the
// cache jumps from version 3 to version 5 and never held version 4.
//
// The recipes say what their cache holds with a `note` of op `cache` (path, and `request`: the
// version it loaded: a node's data version, or a parent's cversion for a children cache; -1 when
// it holds nothing or does not know the version). ZooKeeper adds exactly one to a node's data
// version at each setData, and one to its cversion at each create or delete of a child, so every
// number strictly between two versions a cache loaded one after the other was a state of the
// node that the cache skipped. A negative version starts counting afresh (the node went, or the
// version is unknown), so the count is never more than what was missed.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>

#include "client_names.h"
#include "sim/trace/trace_event.h"

namespace lockscope::checkers {

class CacheGaps {
 public:
  void onEvent(const sim::TraceEvent& event, ClientId actor);
  // Versions skipped, over every client's caches.
  int64_t missedVersions() const { return missed_; }

 private:
  std::map<std::pair<ClientId, std::string>, int64_t, std::less<>> loaded_;  // last version
  int64_t missed_ = 0;
};

}  // namespace lockscope::checkers
