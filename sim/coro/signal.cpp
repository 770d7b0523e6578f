#include "signal.h"

#include "sim/engine/check.h"

namespace lockscope::coro {

void Signal::notify() {
  if (waiter_) {
    finish(true);
  } else {
    pending_ = true;
  }
}

bool Signal::Awaiter::await_ready() noexcept {
  if (!signal_.pending_) return false;
  signal_.pending_ = false;
  notified_ = true;
  return true;
}

void Signal::Awaiter::await_suspend(std::coroutine_handle<> waiting) {
  // One waiter at a time: a second would silently take the first one's place, and the first
  // coroutine would never be resumed.
  LOCKSCOPE_CHECK(signal_.waiter_ == nullptr,
                  "a second coroutine waits on a Signal that already has one");
  signal_.waiter_ = this;
  signal_.waiting_ = waiting;
  const uint64_t generation = ++signal_.generation_;
  if (timeout_ < 0) return;
  signal_.process_.after(
      timeout_, [signal = &signal_, alive = std::weak_ptr<bool>(signal_.alive_), generation] {
        const auto living = alive.lock();
        if (!living || !*living) return;
        if (signal->waiter_ && signal->generation_ == generation) signal->finish(false);
      });
}

void Signal::finish(bool notified) {
  Awaiter* waiter = waiter_;
  const std::coroutine_handle<> waiting = waiting_;
  waiter_ = nullptr;
  waiting_ = {};
  waiter->notified_ = notified;
  waiting.resume();
}

}  // namespace lockscope::coro
