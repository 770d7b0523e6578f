// A znode's children in sequence order, kept so that every version of them can be handed out as
// a ChildrenList in O(1): the names live in one shared array that only ever grows at its end, and
// each version is a window [begin, end) into it. A lock queue only appends (the new, highest
// sequence) and removes its front (the holder), so it never copies; any other change rebuilds a
// fresh array, leaving older snapshots their own.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "backends/api/children_list.h"

namespace lockscope::zookeeper::model {

class SortedChildren {
 public:
  void insert(const std::string& name);
  void erase(std::string_view name);

  // The current children as a list (names() shuffled with `shuffleSeed`).
  Children snapshot(uint64_t shuffleSeed) const;

 private:
  void rebuild(std::vector<std::string> names);

  std::shared_ptr<std::vector<std::string>> sorted_ = std::make_shared<std::vector<std::string>>();
  size_t begin_ = 0;
  size_t end_ = 0;
};

}  // namespace lockscope::zookeeper::model
