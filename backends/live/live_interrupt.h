// Ctrl+C (SIGINT) or SIGTERM during a live run ends the run, not the process: the real-time driver
// stops within one nap (50 ms), and the backends then do what they do at every run's end - restart
// the servers the run killed, delete the run's namespace and keys - so that an interrupted run
// leaves the servers as it found them. A second signal ends the process at once (the handler is
// reset after the first).
#pragma once

namespace lockscope::live {

// Installs the handlers (sigaction, SA_RESETHAND). Call before a live run starts.
void catchInterrupts();
// The signal that asked the run to stop, or 0.
int interruptSignal();
// "interrupted by SIGINT" (or SIGTERM); empty when no signal came. A backend's stopReason().
const char* interruptReason();

}  // namespace lockscope::live
