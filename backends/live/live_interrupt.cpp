#include "live_interrupt.h"

#include <signal.h>

#include <atomic>

namespace lockscope::live {
namespace {

std::atomic<int> received{0};
static_assert(std::atomic<int>::is_always_lock_free, "set from a signal handler");

void onSignal(int signal) { received.store(signal, std::memory_order_relaxed); }

}  // namespace

void catchInterrupts() {
  struct sigaction action {};
  action.sa_handler = onSignal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND | SA_RESTART;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

int interruptSignal() { return received.load(std::memory_order_relaxed); }

run::BackendStop stopOrInterrupted(const run::BackendStop& stop) {
  using Kind = run::BackendStop::Kind;
  switch (interruptSignal()) {
    case 0: return stop;
    case SIGINT: return {Kind::Interrupted, "interrupted by SIGINT"};
    case SIGTERM: return {Kind::Interrupted, "interrupted by SIGTERM"};
    default: return {Kind::Interrupted, "interrupted by a signal"};
  }
}

}  // namespace lockscope::live
