#include "event_queue.h"

#include <algorithm>
#include <new>

namespace lockscope::sim {

EventId EventQueue::push(Micros time, uint16_t tieBreak, Action action) {
  uint32_t slot;
  if (!freeSlots_.empty()) {
    slot = freeSlots_.back();
    freeSlots_.pop_back();
    actions_[slot] = std::move(action);
  } else {
    LOCKSCOPE_CHECK(actions_.size() <= kSlotMask, "agenda: more than 2^24 events pending at once");
    slot = static_cast<uint32_t>(actions_.size());
    actions_.push_back(std::move(action));
    slots_.emplace_back();
  }
  const uint64_t sequence = nextSequence_++;
  LOCKSCOPE_CHECK(sequence < kSequenceLimit, "agenda: more than 2^40 events in one run");
  slots_[slot] = SlotState{sequence, time};
  const uint64_t key = std::min(static_cast<uint64_t>(std::max<Micros>(time, 0)), kTimeLimit - 1);
  if (size_ + kGroupOffset >= capacity_) grow();
  ++size_;
  siftUp(size_ - 1, Entry{key << kTieBreakBits | tieBreak, sequence << kSlotBits | slot});
  return EventId{slot, sequence};
}

namespace {
constexpr std::align_val_t kLineAlignment{64};
}

void EventQueue::FreeAligned::operator()(Entry* entries) const {
  ::operator delete[](entries, kLineAlignment);
}

void EventQueue::grow() {
  const size_t capacity = std::max<size_t>(capacity_ * 2, 64);
  // Entries are trivial: the allocation is their storage (C++20 implicit object creation).
  std::unique_ptr<Entry[], FreeAligned> storage(
      static_cast<Entry*>(::operator new[](capacity * sizeof(Entry), kLineAlignment)));
  if (size_ > 0) std::copy(&at(0), &at(0) + size_, storage.get() + kGroupOffset);
  storage_ = std::move(storage);
  capacity_ = capacity;
}

bool EventQueue::cancel(EventId id) {
  if (!id.valid() || id.slot >= slots_.size() || slots_[id.slot].sequence != id.sequence) {
    return false;
  }
  // The heap entry stays and is skipped by pop(); the slot is freed only then, so a reused slot
  // can never be confused with the cancelled entry.
  slots_[id.slot].sequence = 0;
  actions_[id.slot] = nullptr;
  return true;
}

void EventQueue::siftUp(size_t index, Entry entry) {
  while (index > 0) {
    const size_t parent = (index - 1) / kArity;
    if (!earlier(entry, at(parent))) break;
    at(index) = at(parent);
    index = parent;
  }
  at(index) = entry;
}

void EventQueue::siftDown(size_t index, Entry entry) {
  for (;;) {
    const size_t first = index * kArity + 1;
    if (first >= size_) break;
    size_t best = first;
    const size_t end = std::min(first + kArity, size_);
    for (size_t child = first + 1; child < end; ++child) {
      if (earlier(at(child), at(best))) best = child;
    }
    if (!earlier(at(best), entry)) break;
    at(index) = at(best);
    index = best;
  }
  at(index) = entry;
}

bool EventQueue::pop(Micros& time, Action& action) {
  LOCKSCOPE_CHECK(size_ > 0, "pop from an empty agenda");
  const Entry entry = at(0);
  --size_;
  if (size_ > 0) siftDown(0, at(size_));
  const uint32_t slot = entry.slot();
  SlotState& state = slots_[slot];
  time = state.time;
  const bool live = state.sequence == entry.sequence();
  if (live) action = std::move(actions_[slot]);
  actions_[slot] = nullptr;
  state.sequence = 0;
  freeSlots_.push_back(slot);
  return live;
}

}  // namespace lockscope::sim
