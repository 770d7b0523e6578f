#include "world.h"

#include <algorithm>

namespace lockscope::sim {

World::World(uint64_t seed) : World(seed, std::make_unique<RandomChooser>(seed)) {}

World::World(uint64_t seed, std::unique_ptr<Chooser> chooser)
    : seed_(seed), chooser_(std::move(chooser)) {}

EventId World::at(Micros time, EventQueue::Action action) {
  return queue_.push(std::max(time, now_), 0, std::move(action));
}

EventId World::after(Micros delay, EventQueue::Action action) {
  return at(now_ + std::max<Micros>(delay, 0), std::move(action));
}

EventId World::atWithTieBreak(Micros time, uint16_t tieBreak, EventQueue::Action action) {
  return queue_.push(std::max(time, now_), tieBreak, std::move(action));
}

bool World::step() {
  EventQueue::Action action;
  while (!queue_.empty()) {
    Micros time;
    if (!queue_.pop(time, action)) continue;  // cancelled
    now_ = time;
    ++eventsRun_;
    action();
    return true;
  }
  return false;
}

void World::runUntilTime(Micros time) {
  while (!queue_.empty() && queue_.nextTime() <= time) step();
  now_ = std::max(now_, time);
}

bool World::runUntil(const std::function<bool()>& done, Micros deadline, uint64_t maxEvents) {
  for (uint64_t ran = 0; ran < maxEvents; ++ran) {
    if (done()) return true;
    if (queue_.empty()) return false;
    if (queue_.nextTime() > deadline) {
      now_ = std::max(now_, deadline);
      return done();
    }
    step();
  }
  return done();
}

void World::record(TraceEvent event) {
  event.time = now_;
  trace_.append(event);
}

}  // namespace lockscope::sim
