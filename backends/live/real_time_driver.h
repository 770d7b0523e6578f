// Runs a World in real time: the virtual clock follows a steady clock from the driver's start,
// timers fire when their time comes, and work posted by the ZooKeeper library runs as it arrives.
//
// In live mode nothing jumps ahead: a hold of 250 ms takes 250 ms, a session timeout is the
// server's. Every wait is bounded by the caller's deadline.
//
// How the driver waits for the next event depends on where the library's work comes from:
// libzookeeper_mt posts from its own threads, so a condition variable on the inbox will do;
// hiredis runs on our thread inside Qt's event loop, so a Redis run must wait in that loop
// (redis/qt_event_wait.h), or no reply would ever be read.
#pragma once

#include <functional>

#include "sim/engine/world.h"
#include "world_inbox.h"

namespace lockscope::live {

class RealTimeDriver {
 public:
  // Blocks the world's thread until work was posted to the inbox or the time point passed.
  using Wait = std::function<void(WorldInbox::Clock::time_point until)>;

  // World time `world.now()` is pinned to this moment. Without `wait`, WorldInbox::waitUntil.
  RealTimeDriver(sim::World& world, WorldInbox& inbox, Wait wait = {});

  // Pins world time `world.now()` to this moment again: for a backend whose setup before the
  // first event (a database's schema) takes long enough that the world would start late, every
  // event of its first milliseconds bunched up behind it.
  void restartClock();
  // While `hold` says so, no event of the world runs and its clock stands still: the real time
  // that passes meanwhile is not the world's. The libraries' sockets are still read and what they
  // post is queued at the held time; the time `hold` itself takes is not the world's either. For
  // the database statement sync (database/statement_sync.h).
  void setHold(std::function<bool()> hold) { hold_ = std::move(hold); }

  sim::World& world() { return world_; }
  WorldInbox& inbox() { return inbox_; }

  // Runs events and posted work until done() holds or the world's clock reaches `deadline`
  // (virtual microseconds, which here are real ones), or a signal interrupts the run
  // (live_interrupt.h). Returns done().
  bool runUntil(const std::function<bool()>& done, sim::Micros deadline);
  // Lets what the servers already did reach the trace: runs posted work until none arrived for
  // `quiet`, at most for `bound`. The model records a fired watch when the server fires it; a
  // live client learns of it a moment later, possibly after the run's last event.
  void settle(sim::Micros quiet, sim::Micros bound);

 private:
  sim::Micros elapsed() const;
  void runPosted();
  // Asks the hold. The time the asking takes (the statement sync may ask the server who waits,
  // a connection of its own) is the hold's, not the world's: the clock does not move for it.
  bool held();
  // Waits a moment for the sockets with the world's clock held.
  void waitHeld();

  sim::World& world_;
  WorldInbox& inbox_;
  Wait wait_;
  WorldInbox::Clock::time_point origin_;
  std::function<bool()> hold_;
};

}  // namespace lockscope::live
