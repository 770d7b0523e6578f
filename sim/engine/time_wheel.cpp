#include "time_wheel.h"

#include <algorithm>
#include <bit>

#include "check.h"

namespace lockscope::sim {

TimeWheel::TimeWheel() = default;

void TimeWheel::push(Entry entry) {
  ++size_;
  const uint64_t bucket = bucketOf(entry);
  if (bucket <= cursor_) {
    late_.push(entry);
  } else if (bucket - cursor_ < kBuckets) {
    place(entry);
  } else {
    overflow_.push(entry);
  }
}

void TimeWheel::place(const Entry& entry) {
  // The ring is made on first use: a world that never needs it (a short run, an explorer's
  // thousands) pays nothing for it.
  if (buckets_.empty()) {
    buckets_.resize(kBuckets);
    occupied_.assign(kBuckets / 64, 0);
  }
  const size_t slot = bucketOf(entry) & kMask;
  buckets_[slot].push_back(entry);
  occupied_[slot >> 6] |= uint64_t{1} << (slot & 63);
  ++inBuckets_;
}

bool TimeWheel::topIsLate() const {
  if (late_.empty()) return false;
  return next_ == current_.size() || KeyHeap::earlier(late_.top(), current_[next_]);
}

void TimeWheel::pop() {
  LOCKSCOPE_CHECK(size_ > 0, "pop from an empty time wheel");
  if (cursorEmpty()) advance();
  if (topIsLate()) {
    late_.pop();
  } else {
    ++next_;
  }
  --size_;
}

uint64_t TimeWheel::nextOccupied() const {
  // The ring from the slot after the cursor's, a word of bits at a time; every key in a bucket
  // lies less than kBuckets past the cursor, so ring order is time order.
  const size_t start = (cursor_ + 1) & kMask;
  size_t slot = start;
  for (size_t scanned = 0; scanned <= kBuckets;) {
    const size_t bit = slot & 63;
    const uint64_t bits = occupied_[slot >> 6] >> bit;
    if (bits != 0) {
      const size_t found = slot + static_cast<size_t>(std::countr_zero(bits));
      return cursor_ + 1 + ((found - start) & kMask);
    }
    scanned += 64 - bit;
    slot = (slot + 64 - bit) & kMask;
  }
  LOCKSCOPE_CHECK(false, "the time wheel counted keys in buckets it does not have");
  return cursor_;
}

void TimeWheel::advance() {
  LOCKSCOPE_CHECK(size_ > 0, "the top of an empty time wheel");
  current_.clear();
  next_ = 0;
  if (inBuckets_ > 0) {
    cursor_ = nextOccupied();
  } else if (!overflow_.empty()) {
    cursor_ = bucketOf(overflow_.top());
  } else {
    LOCKSCOPE_CHECK(false, "the time wheel counted keys it does not have");
  }
  // The cursor's bucket, then what of the overflow the wheel now reaches (some of it, perhaps,
  // in the cursor's own bucket).
  if (!buckets_.empty()) {
    const size_t slot = cursor_ & kMask;
    current_.swap(buckets_[slot]);
    inBuckets_ -= current_.size();
    occupied_[slot >> 6] &= ~(uint64_t{1} << (slot & 63));
  }
  while (!overflow_.empty() && bucketOf(overflow_.top()) - cursor_ < kBuckets) {
    const Entry entry = overflow_.top();
    overflow_.pop();
    if (bucketOf(entry) == cursor_) {
      current_.push_back(entry);
    } else {
      place(entry);
    }
  }
  // Mostly in order already: a tick's expiry checks share a time and come in sequence, a run of
  // heartbeats comes in time order. Insertion sorts what is short, std::sort the rest.
  const auto unsorted = std::is_sorted_until(current_.begin(), current_.end(), KeyHeap::earlier);
  if (unsorted != current_.end()) {
    if (current_.size() <= 64) {
      for (auto it = unsorted; it != current_.end(); ++it) {
        const Entry entry = *it;
        auto hole = it;
        for (; hole != current_.begin() && KeyHeap::earlier(entry, *(hole - 1)); --hole) {
          *hole = *(hole - 1);
        }
        *hole = entry;
      }
    } else {
      std::sort(current_.begin(), current_.end(), KeyHeap::earlier);
    }
  }
  if (observer_ && !current_.empty()) {
    observer_(observerContext_, current_.data(), current_.data() + current_.size());
  }
}

}  // namespace lockscope::sim
