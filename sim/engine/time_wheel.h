// An order of keys whose times only move forward, kept in buckets of time: what a side agenda
// full of timers needs (the quiet sessions' heartbeats, pings and expiry checks: thousands of
// keys, each a second or more ahead, a few due every millisecond).
//
// Keys are KeyHeap's (key_heap.h): `when` (time << 16 | tie-break) first, then `order`. The wheel
// has 1,024 buckets of 4,096 us (4.2 s); a key further ahead waits in a heap until the wheel
// reaches it. Pushing is an append to a bucket; the bucket at the cursor is sorted when the wheel
// reaches it and taken in order, with a small heap for keys pushed into it after that. Popping
// is in exactly the order of the keys, as from KeyHeap, provided no key is pushed behind one
// already popped by more than its own bucket (pushes at or after the last popped key's time, as
// an agenda's, always are).
//
// When the wheel reaches a bucket it shows the bucket's keys to an observer, which may start
// loading what those events will read: they run within the next few milliseconds of virtual time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "key_heap.h"

namespace lockscope::sim {

class TimeWheel {
 public:
  using Entry = KeyHeap::Entry;
  using LoadObserver = void (*)(void* context, const Entry* begin, const Entry* end);

  TimeWheel();

  void observeLoads(LoadObserver observer, void* context) {
    observer_ = observer;
    observerContext_ = context;
  }

  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  void push(Entry entry);
  // The earliest key; call only when !empty(). Not const: it may move the cursor on.
  const Entry& top() {
    if (cursorEmpty()) advance();
    return topIsLate() ? late_.top() : current_[next_];
  }
  void pop();

 private:
  static constexpr int kBucketBits = 12;  // of time: 4,096 us
  static constexpr size_t kBuckets = 1024;
  static constexpr size_t kMask = kBuckets - 1;
  static uint64_t bucketOf(const Entry& entry) { return entry.when >> (16 + kBucketBits); }

  bool cursorEmpty() const { return next_ == current_.size() && late_.empty(); }
  // Whether the top is in the late heap rather than the sorted bucket.
  bool topIsLate() const;
  // Moves the cursor to the next bucket holding keys; call only when the cursor's is empty (and
  // the wheel is not).
  void advance();
  // The next bucket after the cursor holding keys (absolute); call only when some bucket does.
  uint64_t nextOccupied() const;
  void place(const Entry& entry);

  std::vector<std::vector<Entry>> buckets_;  // a ring: bucket b at b & kMask
  std::vector<uint64_t> occupied_;           // one bit per ring slot
  size_t inBuckets_ = 0;
  uint64_t cursor_ = 0;         // the absolute bucket being taken
  std::vector<Entry> current_;  // its keys, sorted
  size_t next_ = 0;             // the next one to take
  KeyHeap late_;                // keys pushed at or behind the cursor after it was sorted
  KeyHeap overflow_;            // keys at least kBuckets past the cursor
  size_t size_ = 0;
  LoadObserver observer_ = nullptr;
  void* observerContext_ = nullptr;
};

}  // namespace lockscope::sim
