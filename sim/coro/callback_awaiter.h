// Turns a callback-style asynchronous call into something a coroutine can co_await.
//
// The call is started when the coroutine suspends; its callback stores the result and resumes the
// coroutine. `life` guards against a callback arriving after the owner of the coroutine is gone
// (a restarted client's old recipe): then the callback does nothing.
#pragma once

#include <coroutine>
#include <memory>
#include <utility>

#include "sim/engine/inline_function.h"

namespace lockscope::coro {

// Owned by whoever owns the coroutines; callbacks hold weak references to it.
using Lifetime = std::shared_ptr<const char>;
inline Lifetime makeLifetime() { return std::make_shared<const char>('\0'); }

template <typename Result>
class CallbackAwaiter {
 public:
  // Sized for what they hold, so that awaiting a call allocates nothing of its own: Resolve the
  // awaiter, the coroutine and the lifetime (32 bytes); Start the recipe's arguments, up to a
  // pointer, two strings and a number (a create's path, data and mode).
  using Resolve = sim::InlineFunction<void(Result), 32>;
  using Start = sim::InlineFunction<void(Resolve), 80>;

  CallbackAwaiter(std::weak_ptr<const char> life, Start start)
      : life_(std::move(life)), start_(std::move(start)) {}

  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> waiting) {
    auto resolve = [this, waiting, life = life_](Result result) {
      if (life.expired()) return;
      result_ = std::move(result);
      waiting.resume();
    };
    static_assert(Resolve::template fitsInline<decltype(resolve)>());
    start_(std::move(resolve));
  }
  Result await_resume() { return std::move(result_); }

  // Starts the call now and hands its result to `resolve` instead of resuming a coroutine (for a
  // call sent ahead of awaiting it: sent_call.h). Consumes the awaiter's start.
  void startDetached(Resolve resolve) {
    start_([life = life_, resolve = std::move(resolve)](Result result) {
      if (!life.expired()) resolve(std::move(result));
    });
  }

 private:
  std::weak_ptr<const char> life_;
  Start start_;
  Result result_{};
};

}  // namespace lockscope::coro
