// The world's agenda: callbacks ordered by (time, tie-break, insertion sequence).
//
// Events at the same microsecond run in insertion order unless the scheduler gave them a
// tie-break drawn from the Chooser (the network does, so simultaneous deliveries on different
// connections race under the seed's control). Cancelled events are skipped when reached.
//
// Tie-breaks are 16 bits and sequences 48 bits (2.8e14 events per run), so that the two pack into
// one word and the heap compares two integers per step instead of three.
#pragma once

#include <cstdint>
#include <vector>

#include "inline_function.h"
#include "virtual_time.h"

namespace lockscope::sim {

// Names one scheduled event so it can be cancelled; a default value names nothing.
struct EventId {
  uint32_t slot = UINT32_MAX;
  uint64_t sequence = 0;
  bool valid() const { return slot != UINT32_MAX; }
};

class EventQueue {
 public:
  // Room in place for the largest frequent action: a process's guarded timer (a pointer, an
  // incarnation and a Process::Action), so timers and arrivals never allocate.
  using Action = InlineFunction<void(), 64>;

  EventId push(Micros time, uint16_t tieBreak, Action action);

  // True when the event was pending and is now cancelled.
  bool cancel(EventId id);

  bool empty() const { return heap_.empty(); }
  // Time of the earliest pending entry (may be a cancelled one); call only when !empty().
  Micros nextTime() const { return heap_.front().time; }

  // Removes the earliest entry; returns false (and no action) if it had been cancelled.
  bool pop(Micros& time, Action& action);

  size_t pendingCount() const { return heap_.size(); }

 private:
  static constexpr int kSequenceBits = 48;
  static constexpr uint64_t kSequenceMask = (uint64_t{1} << kSequenceBits) - 1;

  struct Entry {
    Micros time;
    uint64_t order;  // tieBreak << kSequenceBits | sequence
    uint32_t slot;
    uint64_t sequence() const { return order & kSequenceMask; }
  };
  static bool earlier(const Entry& a, const Entry& b) {
    return a.time != b.time ? a.time < b.time : a.order < b.order;
  }

  // A 4-ary min-heap: half the levels of a binary heap, and a node's four children share one or
  // two cache lines. Popping was the largest single cost of the herd's run (12% of its cache
  // misses with a binary heap of a few thousand entries). Keys are unique (the sequence), so the
  // pop order is the same as any other correct heap's: traces do not depend on the arity.
  static constexpr size_t kArity = 4;
  void siftUp(size_t index, Entry entry);
  void siftDown(size_t index, Entry entry);

  std::vector<Entry> heap_;
  std::vector<Action> actions_;                 // by slot
  std::vector<uint64_t> slotSequence_;          // sequence now occupying each slot, 0 if free
  std::vector<uint32_t> freeSlots_;
  uint64_t nextSequence_ = 1;
};

}  // namespace lockscope::sim
