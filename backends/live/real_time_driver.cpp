#include "real_time_driver.h"

#include <algorithm>

#include "live_interrupt.h"

namespace lockscope::live {
namespace {

// The longest nap between checks of done(): done() may depend on something other than events
// (a flag another thread cannot post), so it is looked at now and then regardless.
constexpr sim::Micros kMaxNap = sim::fromMillis(50);
// How long a held world waits for the sockets before it asks the hold again.
constexpr auto kHeldNap = std::chrono::microseconds(200);

}  // namespace

RealTimeDriver::RealTimeDriver(sim::World& world, WorldInbox& inbox, Wait wait)
    : world_(world),
      inbox_(inbox),
      wait_(wait ? std::move(wait)
                 : Wait([&inbox](WorldInbox::Clock::time_point until) { inbox.waitUntil(until); })),
      origin_(WorldInbox::Clock::now() - std::chrono::microseconds(world.now())) {}

void RealTimeDriver::restartClock() {
  origin_ = WorldInbox::Clock::now() - std::chrono::microseconds(world_.now());
}

sim::Micros RealTimeDriver::elapsed() const {
  return std::chrono::duration_cast<std::chrono::microseconds>(WorldInbox::Clock::now() - origin_)
      .count();
}

void RealTimeDriver::runPosted() {
  for (std::function<void()>& work : inbox_.takeAll()) world_.at(world_.now(), std::move(work));
}

bool RealTimeDriver::held() {
  if (!hold_) return false;
  const WorldInbox::Clock::time_point start = WorldInbox::Clock::now();
  const bool hold = hold_();
  origin_ += WorldInbox::Clock::now() - start;
  return hold;
}

void RealTimeDriver::waitHeld() {
  const WorldInbox::Clock::time_point start = WorldInbox::Clock::now();
  // Queued, not run: taken off the inbox so that its wait does not return at once, again.
  runPosted();
  wait_(start + kHeldNap);
  origin_ += WorldInbox::Clock::now() - start;
}

bool RealTimeDriver::runUntil(const std::function<bool()>& done, sim::Micros deadline) {
  const auto runDue = [&](sim::Micros now) {
    // One event at a time so done() and the hold are checked often.
    while (!held() && world_.stepUntil(now)) {
      if (done()) return true;
    }
    if (!held()) world_.runUntilTime(now);  // only moves the clock: nothing is due any more
    return false;
  };
  for (;;) {
    if (done()) return true;
    if (interruptSignal() != 0) return false;  // the backend's stopReason() says so
    if (held()) {
      waitHeld();
      continue;
    }
    const sim::Micros now = std::min(elapsed(), deadline);
    // Timers that fell due while the world slept come first, then what the library posted, at
    // the time the world woke: run at the clock of the moment it went to sleep, a reply would
    // enter the trace up to one nap early (and ahead of a timer that was due before it).
    if (runDue(now)) return true;
    if (held()) continue;
    runPosted();
    if (runDue(now)) return true;
    if (held()) continue;
    if (now >= deadline) return done();
    sim::Micros wake = std::min(deadline, now + kMaxNap);
    if (!world_.idle()) wake = std::min(wake, world_.nextEventTime());
    wait_(origin_ + std::chrono::microseconds(wake));
  }
}

void RealTimeDriver::settle(sim::Micros quiet, sim::Micros bound) {
  const sim::Micros end = elapsed() + bound;
  sim::Micros quietUntil = elapsed() + quiet;
  for (sim::Micros now = elapsed(); now < std::min(end, quietUntil); now = elapsed()) {
    world_.runUntilTime(now);  // as in runUntil: posted work runs at the time it is taken
    auto work = inbox_.takeAll();
    if (!work.empty()) quietUntil = now + quiet;
    for (std::function<void()>& item : work) world_.at(world_.now(), std::move(item));
    world_.runUntilTime(now);
    wait_(origin_ + std::chrono::microseconds(std::min(end, quietUntil)));
  }
}

}  // namespace lockscope::live
