// The world owns time and choice: a virtual clock, the agenda, the seeded Chooser and the trace.
// Everything in a run happens inside a callback the world runs; nothing reads a wall clock.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>

#include "../trace/trace.h"
#include "chooser.h"
#include "event_queue.h"
#include "virtual_time.h"

namespace lockscope::sim {

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

  // Runs the next pending event; false when nothing is pending.
  bool step();
  // Runs every event up to and including `time`, then sets the clock to `time`.
  void runUntilTime(Micros time);
  // Runs events until done() holds, the next event lies after `deadline` (then the clock stops at
  // the deadline), nothing is pending, or `maxEvents` ran. Returns done().
  bool runUntil(const std::function<bool()>& done, Micros deadline,
                uint64_t maxEvents = 100'000'000);

  bool idle() const { return queue_.empty(); }
  // When the next pending event is due (perhaps a cancelled one); call only when !idle(). A
  // real-time driver (backends/live) sleeps until then.
  Micros nextEventTime() const { return queue_.nextTime(); }
  uint64_t eventsRun() const { return eventsRun_; }

  // Stamps the event with the current time and appends it to the trace.
  void record(TraceEvent event);

 private:
  uint64_t seed_;
  std::unique_ptr<Chooser> chooser_;
  EventQueue queue_;
  Trace trace_;
  Micros now_ = 0;
  uint64_t eventsRun_ = 0;
};

}  // namespace lockscope::sim
