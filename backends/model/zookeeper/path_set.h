// A small ordered set of paths on one vector: the watches one client session holds.
//
// A session holds a handful of watches and re-arms one after every notification it hears (the
// herd: a thousand sessions, each re-arming its child watch on every release). std::set made and
// freed a tree node each time; this keeps its storage. Lookups are linear, which is the right
// trade for the few entries a session has.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace lockscope::zookeeper::model {

class PathSet {
 public:
  using const_iterator = std::vector<std::string>::const_iterator;

  void insert(std::string_view path) {
    const auto at = std::lower_bound(paths_.begin(), paths_.end(), path);
    if (at == paths_.end() || *at != path) paths_.emplace(at, path);
  }
  // True when the path was there.
  bool erase(std::string_view path) {
    const auto at = std::lower_bound(paths_.begin(), paths_.end(), path);
    if (at == paths_.end() || *at != path) return false;
    paths_.erase(at);
    return true;
  }
  bool contains(std::string_view path) const {
    return std::binary_search(paths_.begin(), paths_.end(), path);
  }

  bool empty() const { return paths_.empty(); }
  size_t size() const { return paths_.size(); }
  const_iterator begin() const { return paths_.begin(); }
  const_iterator end() const { return paths_.end(); }

 private:
  std::vector<std::string> paths_;  // sorted, as std::set kept them (SetWatches lists them so)
};

}  // namespace lockscope::zookeeper::model
