// The child names one getChildren reply carries.
//
// Lists are immutable and cheap to share. A live backend builds one from the names the server
// sent. The model builds one per version of a parent's children as a window [begin, end) into a
// shared, sorted, append-mostly array (see model's SortedChildren): a lock queue grows at its end
// and shrinks at its front, so a new version costs O(1) instead of a copy of every name, and a
// herd of N waiters re-listing N children after each of N releases stays O(N^2), not O(N^3).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace lockscope::zookeeper {

class ChildrenList {
 public:
  ChildrenList() = default;
  // A list as a server sent it (live backends, tests).
  explicit ChildrenList(std::vector<std::string> names);
  // A model snapshot: `sorted[begin, end)` is the children in sequence order; names() will be
  // those names shuffled by a generator seeded with `shuffleSeed` (drawn from the scenario's
  // Chooser when the snapshot was made, so runs stay deterministic whether or not it is called).
  ChildrenList(std::shared_ptr<const std::vector<std::string>> sorted, size_t begin, size_t end,
               uint64_t shuffleSeed);

  // In the order the server returned them. The real server promises no order; the model shuffles
  // them with the scenario's seed so that recipes which forget to sort fail visibly.
  const std::vector<std::string>& names() const;
  size_t size() const;
  bool empty() const { return size() == 0; }

  // The names ordered by their sequence number (the trailing 10-digit suffix a sequential create
  // appends), then names without a suffix by name. Not thread-safe: a list belongs to one thread.
  std::span<const std::string> sortedBySequence() const;

 private:
  mutable std::shared_ptr<const std::vector<std::string>> names_;
  mutable std::shared_ptr<const std::vector<std::string>> sorted_;
  mutable size_t begin_ = 0;  // the window into sorted_ (all of it for a live list)
  mutable size_t end_ = 0;
  uint64_t shuffleSeed_ = 0;
};

using Children = std::shared_ptr<const ChildrenList>;

// The sequence number at the end of a sequential node's name, or -1 when it has none.
long long sequenceSuffix(std::string_view name);

// The order sortedBySequence() uses: true when `a` comes before `b`.
bool lessBySequence(std::string_view a, std::string_view b);

}  // namespace lockscope::zookeeper
