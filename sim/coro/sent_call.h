// A call sent now and awaited later, for a recipe that pipelines: it sends its next request
// without waiting for the previous reply, relying on ZooKeeper answering one session's requests
// in the order they were sent.
//
// CallbackAwaiter starts its call only when the coroutine suspends on it; SentCall starts it at
// construction and keeps the result until someone co_awaits it (at most one awaiter). A SentCall
// dropped unawaited simply ignores its reply.
#pragma once

#include <coroutine>
#include <memory>
#include <optional>
#include <utility>

#include "callback_awaiter.h"

namespace lockscope::coro {

template <typename Result>
class SentCall {
 public:
  explicit SentCall(CallbackAwaiter<Result> call) : state_(std::make_shared<State>()) {
    // The reply may come after this object is gone (moved from or dropped): it writes into the
    // shared state, never into *this.
    call.startDetached([state = state_](Result result) {
      state->result = std::move(result);
      if (std::coroutine_handle<> waiting = std::exchange(state->waiting, {})) waiting.resume();
    });
  }

  bool await_ready() const noexcept { return state_->result.has_value(); }
  void await_suspend(std::coroutine_handle<> waiting) { state_->waiting = waiting; }
  Result await_resume() { return std::move(*state_->result); }

 private:
  struct State {
    std::optional<Result> result;
    std::coroutine_handle<> waiting;
  };
  std::shared_ptr<State> state_;
};

}  // namespace lockscope::coro
