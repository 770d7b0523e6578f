// The world's agenda: callbacks ordered by (time, tie-break, insertion sequence).
//
// Events at the same microsecond run in insertion order unless the scheduler gave them a
// tie-break drawn from the Chooser (the network does, so simultaneous deliveries on different
// connections race under the seed's control). Cancelled events are skipped when reached.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

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
  EventId push(Micros time, uint64_t tieBreak, std::function<void()> action);

  // True when the event was pending and is now cancelled.
  bool cancel(EventId id);

  bool empty() const { return heap_.empty(); }
  // Time of the earliest pending entry (may be a cancelled one); call only when !empty().
  Micros nextTime() const { return heap_.front().time; }

  // Removes the earliest entry; returns false (and no action) if it had been cancelled.
  bool pop(Micros& time, std::function<void()>& action);

  size_t pendingCount() const { return heap_.size(); }

 private:
  struct Entry {
    Micros time;
    uint64_t tieBreak;
    uint64_t sequence;
    uint32_t slot;
  };
  // The heap's order, as a function object rather than a function pointer so that the heap
  // algorithms inline it (a pointer call per comparison was ~5% of a model run).
  struct Later {
    bool operator()(const Entry& a, const Entry& b) const {
      if (a.time != b.time) return a.time > b.time;
      if (a.tieBreak != b.tieBreak) return a.tieBreak > b.tieBreak;
      return a.sequence > b.sequence;
    }
  };

  std::vector<Entry> heap_;
  std::vector<std::function<void()>> actions_;  // by slot
  std::vector<uint64_t> slotSequence_;          // sequence now occupying each slot, 0 if free
  std::vector<uint32_t> freeSlots_;
  uint64_t nextSequence_ = 1;
};

}  // namespace lockscope::sim
