// A first-in first-out queue on one vector, for queues that are usually near empty and are
// pushed and popped millions of times: a connection's messages in flight, a session's pending
// requests. std::deque frees its 512-byte block whenever popping empties it and allocates a new
// one when pushing reaches a block's end, so a queue that holds one or two items allocated on
// every second or sixteenth push. This one keeps its storage and reuses it.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace lockscope::sim {

template <typename T>
class FifoQueue {
 public:
  bool empty() const { return head_ == items_.size(); }
  size_t size() const { return items_.size() - head_; }

  T& front() { return items_[head_]; }
  void push_back(const T& item) { items_.push_back(item); }
  void push_back(T&& item) { items_.push_back(std::move(item)); }
  // Constructs the item in place: a connection's messages are big closures, each move of which
  // costs more than the rest of queueing it.
  template <typename... Args>
  void emplace_back(Args&&... args) {
    items_.emplace_back(std::forward<Args>(args)...);
  }

  // Drops the front item (its resources are released now, not when the slot is reused).
  void pop_front() {
    items_[head_] = T{};
    if (++head_ == items_.size()) {
      clear();
    } else if (head_ >= kCompactAfter && head_ * 2 >= items_.size()) {
      // A queue that never empties: drop the dead prefix, amortized O(1) per pop.
      items_.erase(items_.begin(), items_.begin() + static_cast<std::ptrdiff_t>(head_));
      head_ = 0;
    }
  }

  // Empties the queue and keeps the storage.
  void clear() {
    items_.clear();
    head_ = 0;
  }

  void swap(FifoQueue& other) noexcept {
    items_.swap(other.items_);
    std::swap(head_, other.head_);
  }

 private:
  static constexpr size_t kCompactAfter = 64;

  std::vector<T> items_;
  size_t head_ = 0;
};

}  // namespace lockscope::sim
