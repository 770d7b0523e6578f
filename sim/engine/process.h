// A simulated client process that can crash, pause and resume, and restart.
//
// Work reaches a process only through after() and deliver(). While it is paused, that work is
// held and runs in order on resume (a GC pause: timers and replies wait). A crash drops all of
// it, including work scheduled before the crash that would fire after a restart: each restart is
// a new incarnation.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <string>

#include "state_keeper.h"
#include "world.h"

namespace lockscope::sim {

class Process {
 public:
  enum class State { Running, Paused, Crashed };

  Process(World& world, std::string name);
  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;
  ~Process();

  const std::string& name() const { return name_; }
  State state() const { return state_; }
  bool alive() const { return state_ != State::Crashed; }
  uint64_t incarnation() const { return incarnation_; }

  // Room in place for the frequent timers (a session's heartbeat and connect timeout, a Signal's
  // timeout: a weak pointer and a number or two); guarded() wraps it into an EventQueue::Action
  // with 16 bytes to spare, so a timer costs no allocation.
  using Action = InlineFunction<void(), 40>;

  // Runs `action` after `delay` if this incarnation is still alive; held while paused.
  EventId after(Micros delay, Action action);
  // As after(), at a key reserved from the world when the timer was set (World::reserve).
  EventId atKey(const EventKey& key, Action action);
  // Runs `action` now if running, holds it if paused, drops it if crashed.
  void deliver(Action action);

  void pause();
  void resume();
  void crash();
  // A crashed process starts again as a new incarnation; listeners rebuild its state.
  void restart();

  // Called after the state changed (the trace already has the event).
  void setStateListener(std::function<void(State)> listener) { listener_ = std::move(listener); }

  // Who keeps timers of this process elsewhere (state_keeper.h); given them back before any
  // change of state.
  void setKeeper(StateKeeper* keeper) { keeper_ = keeper; }
  StateKeeper* keeper() const { return keeper_; }

 private:
  void changeState(State state, ProcessOp traceOp);
  void takeBackKept() {
    if (keeper_) keeper_->giveBack();
  }
  EventQueue::Action guarded(Action action);

  World& world_;
  std::string name_;
  State state_ = State::Running;
  uint64_t incarnation_ = 0;
  std::deque<Action> held_;
  std::function<void(State)> listener_;
  StateKeeper* keeper_ = nullptr;
};

const char* processStateName(Process::State state);

}  // namespace lockscope::sim
