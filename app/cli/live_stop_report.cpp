#include "live_stop_report.h"

#include <cstdio>

#include "backends/live/live_interrupt.h"
#include "exit_codes.h"

namespace lockscope::cli {

std::string backendStopLine(const run::RunReport& report) {
  char at[32];
  std::snprintf(at, sizeof at, "%.1f",
                static_cast<double>(report.virtualTime - report.origin) / 1000.0);
  const std::string stopped = report.backendStop.reason + "; the run stopped at " + at + " ms";
  if (report.backendStop.kind == run::BackendStop::Kind::ServerLost) return stopped;
  return stopped + ", started again the servers it had killed and deleted what it created on them";
}

int backendStopExitCode(const run::BackendStop& stop) {
  switch (stop.kind) {
    case run::BackendStop::Kind::Interrupted: return 128 + live::interruptSignal();
    case run::BackendStop::Kind::ServerLost: return kExitUnreachable;
    case run::BackendStop::Kind::FaultFailed: return kExitBadInput;
    case run::BackendStop::Kind::None: break;
  }
  return kExitOk;
}

}  // namespace lockscope::cli
