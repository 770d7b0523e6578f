// A one-waiter wake-up with an optional timeout, for recipes that wait for a watch event:
//
//   const bool woken = co_await wakeUp.wait(remaining);   // false: timed out
//
// notify() before wait() is remembered, so a wake-up cannot be lost between arming a watch and
// starting to wait. The timeout runs on the client's process: a paused client does not time out
// until it resumes, as with a real GC pause.
#pragma once

#include <coroutine>
#include <cstdint>
#include <memory>

#include "sim/engine/process.h"

namespace lockscope::coro {

class Signal {
 public:
  explicit Signal(sim::Process& process) : process_(process) {}
  Signal(const Signal&) = delete;
  Signal& operator=(const Signal&) = delete;
  ~Signal() { *alive_ = false; }

  void notify();
  // Forgets a remembered notify (before arming a new watch).
  void clear() { pending_ = false; }

  class Awaiter {
   public:
    Awaiter(Signal& signal, sim::Micros timeout) : signal_(signal), timeout_(timeout) {}
    bool await_ready() noexcept;
    void await_suspend(std::coroutine_handle<> waiting);
    bool await_resume() noexcept { return notified_; }

   private:
    friend class Signal;
    Signal& signal_;
    sim::Micros timeout_;
    bool notified_ = false;
  };
  // timeout < 0 waits forever.
  Awaiter wait(sim::Micros timeout = -1) { return Awaiter(*this, timeout); }

 private:
  void finish(bool notified);

  sim::Process& process_;
  bool pending_ = false;
  Awaiter* waiter_ = nullptr;
  std::coroutine_handle<> waiting_;
  uint64_t generation_ = 0;  // which wait a timer belongs to
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

}  // namespace lockscope::coro
