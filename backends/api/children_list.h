// The child names one getChildren reply carries.
//
// Lists are immutable and shared: the model hands every reader of the same version of a parent's
// children the same list, so a herd of N waiters re-listing after each release costs O(N) per
// change rather than O(N) per reply (which would make the herd O(N^3) overall).
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace lockscope::zookeeper {

class ChildrenList {
 public:
  ChildrenList() = default;
  explicit ChildrenList(std::vector<std::string> names) : names_(std::move(names)) {}

  // In the order the server returned them. The real server promises no order; the model shuffles
  // them with the scenario's seed so that recipes which forget to sort fail visibly.
  const std::vector<std::string>& names() const { return names_; }
  size_t size() const { return names_.size(); }
  bool empty() const { return names_.empty(); }

  // The names ordered by their sequence number (the trailing 10-digit suffix a sequential create
  // appends), ties and names without a suffix by the whole name. Computed on first use and kept:
  // every waiter that reads this list shares one sort. Not thread-safe; a list belongs to one thread.
  const std::vector<std::string>& sortedBySequence() const;

 private:
  std::vector<std::string> names_;
  mutable std::shared_ptr<const std::vector<std::string>> sorted_;
};

using Children = std::shared_ptr<const ChildrenList>;

// The sequence number at the end of a sequential node's name, or -1 when it has none.
long long sequenceSuffix(const std::string& name);

}  // namespace lockscope::zookeeper
