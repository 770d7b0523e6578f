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
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "check.h"
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

  bool empty() const { return size_ == 0; }
  // Time of the earliest pending entry (may be a cancelled one); call only when !empty().
  Micros nextTime() const {
    LOCKSCOPE_CHECK(size_ > 0, "the agenda's next time asked of an empty agenda");
    const uint64_t time = at(0).when >> kTieBreakBits;
    return time < kTimeLimit - 1 ? static_cast<Micros>(time) : slots_[at(0).slot()].time;
  }

  // Removes the earliest entry; returns false (and no action) if it had been cancelled.
  bool pop(Micros& time, Action& action);

  size_t pendingCount() const { return size_; }

 private:
  static constexpr int kTieBreakBits = 16;
  static constexpr int kSlotBits = 24;
  static constexpr uint64_t kTimeLimit = uint64_t{1} << (64 - kTieBreakBits);
  static constexpr uint64_t kSlotMask = (uint64_t{1} << kSlotBits) - 1;
  static constexpr uint64_t kSequenceLimit = uint64_t{1} << (64 - kSlotBits);

  struct Entry {
    uint64_t when;   // min(time, kTimeLimit - 1) << kTieBreakBits | tieBreak
    uint64_t order;  // sequence << kSlotBits | slot
    uint32_t slot() const { return static_cast<uint32_t>(order & kSlotMask); }
    uint64_t sequence() const { return order >> kSlotBits; }
  };
  static bool earlier(const Entry& a, const Entry& b) {
    return a.when != b.when ? a.when < b.when : a.order < b.order;
  }

  // A 4-ary min-heap whose sibling groups each fill one cache line (four 16-byte entries, the
  // storage offset by three so that children 4i+1..4i+4 start on a line): a sift costs one line
  // per level, over half the levels of a binary heap. Popping was the largest single cost of the
  // herd's run. Keys are unique (the sequence), so the pop order is the same as any other correct
  // heap's: traces do not depend on the layout.
  static constexpr size_t kArity = 4;
  static constexpr size_t kGroupOffset = 3;
  Entry& at(size_t index) { return storage_[index + kGroupOffset]; }
  const Entry& at(size_t index) const { return storage_[index + kGroupOffset]; }
  void siftUp(size_t index, Entry entry);
  void siftDown(size_t index, Entry entry);

  struct FreeAligned {
    void operator()(Entry* entries) const;
  };
  std::unique_ptr<Entry[], FreeAligned> storage_;  // 64-byte aligned
  size_t capacity_ = 0;                            // entries, offset included
  size_t size_ = 0;
  void grow();

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
