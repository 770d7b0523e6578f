#include "run_progress.h"

namespace lockscope::run {

void RunProgress::onEvent(const sim::TraceEvent& event) {
  using sim::TraceKind;
  if (event.kind == TraceKind::Lock) {
    if (event.op == "acquired" || event.op == "released" || event.op == "timed_out" ||
        event.op == "failed" || event.op == "done") {
      lastProgress_ = event.time;
    }
    if (event.op == "done") done_.emplace(event.actor);
  } else if (event.kind == TraceKind::Process) {
    if (event.op == "crashed") crashed_.emplace(event.actor);
    if (event.op == "restarted") {
      const auto found = crashed_.find(event.actor);
      if (found != crashed_.end()) crashed_.erase(found);
      lastProgress_ = event.time;
    }
  }
}

}  // namespace lockscope::run
