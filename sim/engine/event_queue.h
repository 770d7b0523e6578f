// The world's agenda: callbacks ordered by (time, tie-break, insertion sequence).
//
// Events at the same microsecond run in insertion order unless the scheduler gave them a
// tie-break drawn from the Chooser (the network does, so simultaneous deliveries on different
// connections race under the seed's control). Cancelled events are skipped when reached.
//
// A heap entry is two words, compared as two integers: time (48 bits, 8.9 years of virtual time;
// later times are kept exactly but ordered among themselves by insertion) with the 16-bit
// tie-break, then the sequence (40 bits, 10^12 events per run) with the slot of the entry's
// action (24 bits, 16.7 million events pending at once).
//
// A key can be reserved without an action (reserve()) and the event pushed with it later, or run
// elsewhere (World's side agendas): the sequence is taken at the moment the event would have been
// scheduled, so the event keeps its place among ties exactly as if it had been pushed then.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "check.h"
#include "inline_function.h"
#include "key_heap.h"
#include "virtual_time.h"

namespace lockscope::sim {

// Names one scheduled event so it can be cancelled; a default value names nothing.
struct EventId {
  uint32_t slot = UINT32_MAX;
  uint64_t sequence = 0;
  bool valid() const { return slot != UINT32_MAX; }
};

// Where an event stands in the run's order: its time (with its tie-break), then its sequence.
struct EventKey {
  uint64_t when = 0;      // min(time, limit) << 16 | tieBreak
  uint64_t sequence = 0;  // unique: no two events share a key
  Micros time = 0;        // exact (when saturates 8.9 years into a run)

  friend bool operator<(const EventKey& a, const EventKey& b) {
    return a.when != b.when ? a.when < b.when : a.sequence < b.sequence;
  }
};

class EventQueue {
 public:
  // Room in place for the largest frequent action: a process's guarded timer (a pointer, an
  // incarnation and a Process::Action), so timers and arrivals never allocate.
  using Action = InlineFunction<void(), 64>;

  EventId push(Micros time, uint16_t tieBreak, Action action) {
    return insert(reserve(time, tieBreak), std::move(action));
  }
  // A key for an event at `time`, its sequence taken now; push(key, ...) schedules it later.
  EventKey reserve(Micros time, uint16_t tieBreak) {
    const uint64_t sequence = nextSequence_++;
    LOCKSCOPE_CHECK(sequence < kSequenceLimit, "agenda: more than 2^40 events in one run");
    return keyOf(time, tieBreak, sequence);
  }
  EventId push(const EventKey& key, Action action) {
    LOCKSCOPE_CHECK(key.sequence > 0 && key.sequence < nextSequence_,
                    "agenda: pushed with a key it did not reserve");
    return insert(key, std::move(action));
  }
  // The key of the sequence `sequence` reserved at `time` with `tieBreak` (an EventId's event).
  static EventKey keyOf(Micros time, uint16_t tieBreak, uint64_t sequence) {
    const uint64_t clamped = time <= 0 ? 0 : std::min(static_cast<uint64_t>(time), kTimeLimit - 1);
    return EventKey{clamped << kTieBreakBits | tieBreak, sequence, time};
  }

  // True when the event was pending and is now cancelled.
  bool cancel(EventId id);

  bool empty() const { return heap_.empty(); }
  // Time of the earliest pending entry (may be a cancelled one); call only when !empty().
  Micros nextTime() const {
    LOCKSCOPE_CHECK(!heap_.empty(), "the agenda's next time asked of an empty agenda");
    const uint64_t time = heap_.top().when >> kTieBreakBits;
    return time < kTimeLimit - 1 ? static_cast<Micros>(time) : slots_[slotOf(heap_.top())].time;
  }

  // The key of the earliest pending entry (may be a cancelled one); call only when !empty().
  EventKey nextKey() const {
    LOCKSCOPE_CHECK(!heap_.empty(), "the agenda's next key asked of an empty agenda");
    const KeyHeap::Entry& top = heap_.top();
    return EventKey{top.when, top.order >> kSlotBits, nextTime()};
  }

  // Removes the earliest entry; returns false (and no action) if it had been cancelled.
  bool pop(EventKey& key, Action& action);
  bool pop(Micros& time, Action& action) {
    EventKey key;
    const bool live = pop(key, action);
    time = key.time;
    return live;
  }

  size_t pendingCount() const { return heap_.size(); }

 private:
  static constexpr int kTieBreakBits = 16;
  static constexpr int kSlotBits = 24;
  static constexpr uint64_t kTimeLimit = uint64_t{1} << (64 - kTieBreakBits);
  static constexpr uint64_t kSlotMask = (uint64_t{1} << kSlotBits) - 1;
  static constexpr uint64_t kSequenceLimit = uint64_t{1} << (64 - kSlotBits);

  // Heap entries: when = min(time, kTimeLimit - 1) << kTieBreakBits | tieBreak,
  // order = sequence << kSlotBits | slot.
  // Takes the action by reference: moved once, into its slot.
  EventId insert(const EventKey& key, Action&& action);
  static uint32_t slotOf(const KeyHeap::Entry& entry) {
    return static_cast<uint32_t>(entry.order & kSlotMask);
  }
  KeyHeap heap_;

  struct SlotState {
    uint64_t sequence = 0;  // the sequence now occupying the slot, 0 if free
    Micros time = 0;        // its exact time (the heap key saturates at kTimeLimit)
  };
  std::vector<Action> actions_;  // by slot
  std::vector<SlotState> slots_;
  std::vector<uint32_t> freeSlots_;
  uint64_t nextSequence_ = 1;
};

}  // namespace lockscope::sim
