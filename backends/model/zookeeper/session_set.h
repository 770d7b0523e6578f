// The sessions watching one path, on one vector: appended as watches are armed, sorted and
// deduplicated only when read.
//
// The herd arms a thousand child watches on /lock between two releases and fires them all at
// once; std::set made and freed a tree node per watch (a million in a 1,000-client herd). Reads
// (a fire, an expiry, the inspector) see sessions in ascending order, as before, so what the
// model does with them is unchanged.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace lockscope::zookeeper::model {

class SessionSet {
 public:
  void insert(int64_t session) {
    if (!sessions_.empty() && sessions_.back() == session) return;
    if (!sessions_.empty() && sessions_.back() > session) sorted_ = false;
    sessions_.push_back(session);
    // A session re-arming the same watch without it firing appends duplicates; folding them
    // whenever the vector doubles keeps its size within twice the distinct sessions.
    if (sessions_.size() >= 2 * distinctAtLastSort_ + 16) normalize();
  }

  bool contains(int64_t session) const {
    normalize();
    return std::binary_search(sessions_.begin(), sessions_.end(), session);
  }
  void erase(int64_t session) {
    normalize();
    const auto at = std::lower_bound(sessions_.begin(), sessions_.end(), session);
    if (at != sessions_.end() && *at == session) sessions_.erase(at);
  }

  bool empty() const { return sessions_.empty(); }
  size_t size() const {
    normalize();
    return sessions_.size();
  }
  // Entries stored, duplicates not yet folded included (for tests of the bound above).
  size_t capacityInUse() const { return sessions_.size(); }
  // Ascending, each session once.
  const std::vector<int64_t>& sorted() const {
    normalize();
    return sessions_;
  }
  // The same, moved out; the set is left empty.
  std::vector<int64_t> takeSorted() {
    normalize();
    std::vector<int64_t> taken = std::move(sessions_);
    sessions_.clear();
    distinctAtLastSort_ = 0;
    return taken;
  }

 private:
  void normalize() const {
    if (!sorted_) {
      std::sort(sessions_.begin(), sessions_.end());
      sessions_.erase(std::unique(sessions_.begin(), sessions_.end()), sessions_.end());
      sorted_ = true;
    }
    distinctAtLastSort_ = sessions_.size();
  }

  // Mutable: sorting on read changes the representation, never the set.
  mutable std::vector<int64_t> sessions_;
  mutable bool sorted_ = true;
  mutable size_t distinctAtLastSort_ = 0;
};

}  // namespace lockscope::zookeeper::model
