#include "event_queue.h"

#include <algorithm>
#include <cassert>

namespace lockscope::sim {

EventId EventQueue::push(Micros time, uint16_t tieBreak, Action action) {
  uint32_t slot;
  if (!freeSlots_.empty()) {
    slot = freeSlots_.back();
    freeSlots_.pop_back();
    actions_[slot] = std::move(action);
  } else {
    slot = static_cast<uint32_t>(actions_.size());
    actions_.push_back(std::move(action));
    slotSequence_.push_back(0);
  }
  const uint64_t sequence = nextSequence_++;
  assert(sequence <= kSequenceMask);
  slotSequence_[slot] = sequence;
  heap_.emplace_back();
  siftUp(heap_.size() - 1, Entry{time, uint64_t{tieBreak} << kSequenceBits | sequence, slot});
  return EventId{slot, sequence};
}

bool EventQueue::cancel(EventId id) {
  if (!id.valid() || id.slot >= slotSequence_.size() || slotSequence_[id.slot] != id.sequence) {
    return false;
  }
  // The heap entry stays and is skipped by pop(); the slot is freed only then, so a reused slot
  // can never be confused with the cancelled entry.
  slotSequence_[id.slot] = 0;
  actions_[id.slot] = nullptr;
  return true;
}

void EventQueue::siftUp(size_t index, Entry entry) {
  while (index > 0) {
    const size_t parent = (index - 1) / kArity;
    if (!earlier(entry, heap_[parent])) break;
    heap_[index] = heap_[parent];
    index = parent;
  }
  heap_[index] = entry;
}

void EventQueue::siftDown(size_t index, Entry entry) {
  const size_t size = heap_.size();
  for (;;) {
    const size_t first = index * kArity + 1;
    if (first >= size) break;
    size_t best = first;
    const size_t end = std::min(first + kArity, size);
    for (size_t child = first + 1; child < end; ++child) {
      if (earlier(heap_[child], heap_[best])) best = child;
    }
    if (!earlier(heap_[best], entry)) break;
    heap_[index] = heap_[best];
    index = best;
  }
  heap_[index] = entry;
}

bool EventQueue::pop(Micros& time, Action& action) {
  const Entry entry = heap_.front();
  const Entry last = heap_.back();
  heap_.pop_back();
  if (!heap_.empty()) siftDown(0, last);
  time = entry.time;
  const bool live = slotSequence_[entry.slot] == entry.sequence();
  if (live) action = std::move(actions_[entry.slot]);
  actions_[entry.slot] = nullptr;
  slotSequence_[entry.slot] = 0;
  freeSlots_.push_back(entry.slot);
  return live;
}

}  // namespace lockscope::sim
