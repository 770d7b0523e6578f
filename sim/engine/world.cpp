#include "world.h"

#include <algorithm>
#include <limits>

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

EventId World::atKey(const EventKey& key, EventQueue::Action action) {
  // A reserved event is still to come: its time cannot lie behind the clock.
  LOCKSCOPE_CHECK(key.time >= now_, "an event scheduled with a key whose time has passed");
  return queue_.push(key, std::move(action));
}

void World::removeSideAgenda(SideAgenda* side) {
  sides_.erase(std::remove(sides_.begin(), sides_.end(), side), sides_.end());
}

SideAgenda* World::nextSide(EventKey* key) const {
  SideAgenda* earliest = nullptr;
  const EventKey* earliestKey = nullptr;
  for (SideAgenda* side : sides_) {
    const EventKey* next = side->nextKey();
    if (next && (!earliestKey || *next < *earliestKey)) {
      earliest = side;
      earliestKey = next;
    }
  }
  if (earliestKey && key) *key = *earliestKey;
  return earliest;
}

Micros World::nextEventTime() const {
  EventKey side;
  if (sides_.empty() || !nextSide(&side)) return queue_.nextTime();
  return queue_.empty() ? side.time : std::min(side.time, queue_.nextTime());
}

bool World::peek(Next& next) const {
  next.side = sides_.empty() ? nullptr : nextSide(&next.key);
  if (next.side) {
    if (!queue_.empty()) {
      const EventKey top = queue_.nextKey();
      if (top < next.key) {
        next.side = nullptr;
        next.key = top;
      }
    }
    return true;
  }
  if (queue_.empty()) return false;
  next.key = queue_.nextKey();
  return true;
}

bool World::runFromAgenda() {
  EventQueue::Action action;
  EventKey key;
  if (!queue_.pop(key, action)) return false;  // cancelled
  now_ = key.time;
  ++eventsRun_;
  action();
  return true;
}

bool World::run(const Next& next) {
  if (!next.side) return runFromAgenda();
  now_ = next.key.time;
  ++eventsRun_;
  ++sideEventsRun_;
  next.side->runNext();
  return true;
}

bool World::step() { return stepUntil(std::numeric_limits<Micros>::max()); }

bool World::stepUntil(Micros deadline) {
  if (sides_.empty()) {
    // Only the agenda (the usual case: no side agenda holds anything).
    while (!queue_.empty()) {
      if (queue_.nextTime() > deadline) return false;
      if (runFromAgenda()) return true;
    }
    return false;
  }
  Next next;
  while (peek(next)) {
    if (next.key.time > deadline) return false;
    if (run(next)) return true;
  }
  return false;
}

void World::advanceClockTo(Micros time) { now_ = std::max(now_, time); }

void World::runUntilTime(Micros time) {
  while (stepUntil(time)) {
  }
  advanceClockTo(time);
}

bool World::runUntil(const std::function<bool()>& done, Micros deadline, uint64_t maxEvents) {
  for (uint64_t ran = 0; ran < maxEvents; ++ran) {
    if (done()) return true;
    if (!stepUntil(deadline)) {
      if (idle()) return false;
      advanceClockTo(deadline);  // the next event lies after the deadline
      return done();
    }
  }
  return done();
}

void World::record(TraceEvent event) {
  event.time = now_;
  trace_.append(event);
}

}  // namespace lockscope::sim
