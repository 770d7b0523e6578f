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

void requestStop() {
  int none = 0;
  received.compare_exchange_strong(none, kStopRequested);
}

void clearStopRequest() {
  int requested = kStopRequested;
  received.compare_exchange_strong(requested, 0);
}

run::BackendStop stopOrInterrupted(const run::BackendStop& stop) {
  using Kind = run::BackendStop::Kind;
  switch (interruptSignal()) {
    case 0: return stop;
    case SIGINT: return {Kind::Interrupted, "interrupted by SIGINT"};
    case SIGTERM: return {Kind::Interrupted, "interrupted by SIGTERM"};
    case kStopRequested: return {Kind::Interrupted, "stopped: the application is closing"};
    default: return {Kind::Interrupted, "interrupted by a signal"};
  }
}

}  // namespace lockscope::live
