// The world owns time and choice: a virtual clock, the agenda, the seeded Chooser and the trace.
// Everything in a run happens inside a callback the world runs; nothing reads a wall clock.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "../trace/trace.h"
#include "chooser.h"
#include "event_queue.h"
#include "virtual_time.h"

namespace lockscope::sim {

// Events kept off the agenda by their owner, run by the world in their place in the order (by
// key, against the agenda's next). The owner takes each key from World::reserve() when the event
// would have been scheduled, so an event it holds runs exactly where it would have run from the
// agenda. The ZooKeeper model's idle sessions use one: backends/model/zookeeper/quiet_sessions.h.
class SideAgenda {
 public:
  // The key of the earliest event it holds; nullptr when it holds none.
  virtual const EventKey* nextKey() const = 0;
  // Runs that event (the world's clock is already at its time).
  virtual void runNext() = 0;

 protected:
  ~SideAgenda() = default;
};

class World {
 public:
  // A world whose every choice comes from RandomChooser(seed).
  explicit World(uint64_t seed);
  World(uint64_t seed, std::unique_ptr<Chooser> chooser);

  uint64_t seed() const { return seed_; }
  Micros now() const { return now_; }
  Chooser& chooser() { return *chooser_; }
  Trace& trace() { return trace_; }

  // Runs `action` at `time` (clamped to now: the past cannot be scheduled).
  EventId at(Micros time, EventQueue::Action action);
  EventId after(Micros delay, EventQueue::Action action);
  // Like at(), but ordered against other events of the same microsecond by `tieBreak` first
  // (the network passes a chosen value, so simultaneous arrivals race under the seed).
  EventId atWithTieBreak(Micros time, uint16_t tieBreak, EventQueue::Action action);
  bool cancel(EventId id) { return queue_.cancel(id); }
  // A key for an event at `time` (clamped to now), in order as if scheduled at this moment;
  // atKey() schedules it later. A key names one event: use it once.
  EventKey reserve(Micros time, uint16_t tieBreak = 0) {
    return queue_.reserve(std::max(time, now_), tieBreak);
  }
  EventId atKey(const EventKey& key, EventQueue::Action action);

  void addSideAgenda(SideAgenda* side) { sides_.push_back(side); }
  void removeSideAgenda(SideAgenda* side);

  // Runs the next pending event; false when nothing is pending.
  bool step();
  // Runs the next pending event if it is due at or before `deadline`; false when none is.
  // Cancelled entries on the way are passed over, but never past the deadline: a cancelled entry
  // due in time must not let a live event due later run early.
  bool stepUntil(Micros deadline);
  // Runs every event up to and including `time`, then sets the clock to `time`.
  void runUntilTime(Micros time);
  // Runs events until done() holds, the next event lies after `deadline` (then the clock stops at
  // the deadline), nothing is pending, or `maxEvents` ran. Returns done().
  bool runUntil(const std::function<bool()>& done, Micros deadline,
                uint64_t maxEvents = 100'000'000);

  bool idle() const { return queue_.empty() && (sides_.empty() || !nextSide()); }
  // When the next pending event is due (perhaps a cancelled one); call only when !idle(). A
  // real-time driver (backends/live) sleeps until then.
  Micros nextEventTime() const;
  // Events run, from the agenda and from side agendas.
  uint64_t eventsRun() const { return eventsRun_; }
  uint64_t sideEventsRun() const { return sideEventsRun_; }

  // Stamps the event with the current time and appends it to the trace.
  void record(TraceEvent event);

 private:
  // The side agenda holding the earliest side event, or nullptr; `key` gets that event's key.
  SideAgenda* nextSide(EventKey* key = nullptr) const;
  // The next event to run: from `side` if set, else the agenda's top (perhaps a cancelled one);
  // false when nothing is pending.
  struct Next {
    SideAgenda* side = nullptr;
    EventKey key;
  };
  bool peek(Next& next) const;
  // Runs it; false if it was a cancelled entry of the agenda (nothing ran).
  bool run(const Next& next);
  bool runFromAgenda();
  void advanceClockTo(Micros time);

  uint64_t seed_;
  std::unique_ptr<Chooser> chooser_;
  EventQueue queue_;
  Trace trace_;
  Micros now_ = 0;
  uint64_t eventsRun_ = 0;
  uint64_t sideEventsRun_ = 0;
  std::vector<SideAgenda*> sides_;
};

}  // namespace lockscope::sim
