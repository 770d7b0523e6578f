// co_await sleepFor(process, duration, life): a pause on the client's own process, so it stretches
// when the process is paused and never ends if the process crashed.
#pragma once

#include <memory>

#include "callback_awaiter.h"
#include "sim/engine/process.h"

namespace lockscope::coro {

struct Slept {};

inline CallbackAwaiter<Slept> sleepFor(sim::Process& process, sim::Micros duration,
                                       std::weak_ptr<const char> life) {
  return {std::move(life), [&process, duration](auto resolve) {
            process.after(duration, [resolve] { resolve(Slept{}); });
          }};
}

}  // namespace lockscope::coro
