#include "event_queue.h"

#include <algorithm>

namespace lockscope::sim {

EventId EventQueue::insert(const EventKey& key, Action&& action) {
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
  slots_[slot] = SlotState{key.sequence, key.time};
  heap_.push(KeyHeap::Entry{key.when, key.sequence << kSlotBits | slot});
  return EventId{slot, key.sequence};
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

bool EventQueue::pop(EventKey& key, Action& action) {
  LOCKSCOPE_CHECK(!heap_.empty(), "pop from an empty agenda");
  const KeyHeap::Entry entry = heap_.top();
  heap_.pop();
  const uint32_t slot = slotOf(entry);
  SlotState& state = slots_[slot];
  const uint64_t sequence = entry.order >> kSlotBits;
  key = EventKey{entry.when, sequence, state.time};
  const bool live = state.sequence == sequence;
  if (live) action = std::move(actions_[slot]);
  actions_[slot] = nullptr;
  state.sequence = 0;
  freeSlots_.push_back(slot);
  return live;
}

}  // namespace lockscope::sim
