// Ctrl+C (SIGINT) or SIGTERM during a live run ends the run, not the process: the real-time driver
// stops within one nap (50 ms), and the backends then do what they do at every run's end - restart
// the servers the run killed, delete the run's namespace and keys - so that an interrupted run
// leaves the servers as it found them. A second signal ends the process at once (the handler is
// reset after the first).
#pragma once

#include <chrono>

#include "sim/run/run_backend.h"

namespace lockscope::live {

// How long a server the run did not kill may stay silent before the run ends as "lost" (exit 3).
constexpr std::chrono::seconds kServerSilenceBound{10};

// Installs the handlers (sigaction, SA_RESETHAND). Call before a live run starts.
void catchInterrupts();
// The signal that asked the run to stop, kStopRequested, or 0.
int interruptSignal();

// The application asks every live run in progress to stop as a signal would (the GUI's window
// closing while a live run records): they clean up and end within a nap. No-op once a signal came.
constexpr int kStopRequested = -1;
void requestStop();
// Takes back requestStop() once those runs ended (not a signal: that one ends the process).
void clearStopRequest();
// A live backend's stopped(): interrupted when a signal came, otherwise its own `stop`.
run::BackendStop stopOrInterrupted(const run::BackendStop& stop);

}  // namespace lockscope::live
