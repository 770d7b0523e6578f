#include "event_queue.h"

#include <algorithm>

namespace lockscope::sim {

EventKey EventKey::endOf(Micros time) { return EventQueue::keyOf(time, UINT16_MAX, UINT64_MAX); }

EventKey EventQueue::keyOf(Micros time, uint16_t tieBreak, uint64_t sequence) {
  const uint64_t clamped = std::min(static_cast<uint64_t>(std::max<Micros>(time, 0)),
                                    kTimeLimit - 1);
  return EventKey{clamped << kTieBreakBits | tieBreak, sequence, time};
}

EventKey EventQueue::reserve(Micros time, uint16_t tieBreak) {
  const uint64_t sequence = nextSequence_++;
  LOCKSCOPE_CHECK(sequence < kSequenceLimit, "agenda: more than 2^40 events in one run");
  return keyOf(time, tieBreak, sequence);
}

EventId EventQueue::push(const EventKey& key, Action action) {
  LOCKSCOPE_CHECK(key.sequence > 0 && key.sequence < nextSequence_,
                  "agenda: pushed with a key it did not reserve");
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
