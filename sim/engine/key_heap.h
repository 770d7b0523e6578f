// The order of the world's agenda and of its side agendas: a min-heap of two-word keys.
//
// A 4-ary min-heap whose sibling groups each fill one cache line (four 16-byte entries, the
// storage offset by three so that children 4i+1..4i+4 start on a line): a sift costs one line
// per level, over half the levels of a binary heap. Popping was the largest single cost of the
// herd's run. Keys are unique (their `order` holds a sequence), so the pop order is the same as
// any other correct heap's: traces do not depend on the layout.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "check.h"

namespace lockscope::sim {

class KeyHeap {
 public:
  struct Entry {
    uint64_t when;   // compared first
    uint64_t order;  // then this
  };
  static bool earlier(const Entry& a, const Entry& b) {
    return a.when != b.when ? a.when < b.when : a.order < b.order;
  }

  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  const Entry& top() const {
    LOCKSCOPE_CHECK(size_ > 0, "the top of an empty heap");
    return at(0);
  }
  void push(Entry entry) {
    if (size_ + kGroupOffset >= capacity_) grow();
    ++size_;
    siftUp(size_ - 1, entry);
  }
  // Removes the top entry.
  void pop() {
    LOCKSCOPE_CHECK(size_ > 0, "pop from an empty heap");
    --size_;
    if (size_ > 0) siftDown(0, at(size_));
  }

 private:
  static constexpr size_t kArity = 4;
  static constexpr size_t kGroupOffset = 3;
  Entry& at(size_t index) { return storage_[index + kGroupOffset]; }
  const Entry& at(size_t index) const { return storage_[index + kGroupOffset]; }
  void siftUp(size_t index, Entry entry);
  void siftDown(size_t index, Entry entry);
  void grow();

  struct FreeAligned {
    void operator()(Entry* entries) const;
  };
  std::unique_ptr<Entry[], FreeAligned> storage_;  // 64-byte aligned
  size_t capacity_ = 0;                            // entries, offset included
  size_t size_ = 0;
};

}  // namespace lockscope::sim
