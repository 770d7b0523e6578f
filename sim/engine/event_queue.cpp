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
  heap_.push_back(Entry{time, uint64_t{tieBreak} << kSequenceBits | sequence, slot});
  std::push_heap(heap_.begin(), heap_.end(), Later{});
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

bool EventQueue::pop(Micros& time, Action& action) {
  std::pop_heap(heap_.begin(), heap_.end(), Later{});
  const Entry entry = heap_.back();
  heap_.pop_back();
  time = entry.time;
  const bool live = slotSequence_[entry.slot] == entry.sequence();
  if (live) action = std::move(actions_[entry.slot]);
  actions_[entry.slot] = nullptr;
  slotSequence_[entry.slot] = 0;
  freeSlots_.push_back(entry.slot);
  return live;
}

}  // namespace lockscope::sim
