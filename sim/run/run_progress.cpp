#include "run_progress.h"

namespace lockscope::run {

void RunProgress::onEvent(const sim::TraceEvent& event) {
  using sim::TraceKind;
  if (event.kind == TraceKind::Lock) {
    if (event.op == sim::LockOp::Acquired || event.op == sim::LockOp::Released ||
        event.op == sim::LockOp::TimedOut || event.op == sim::LockOp::Failed ||
        event.op == sim::LockOp::Done) {
      lastProgress_ = event.time;
    }
    if (event.op == sim::LockOp::Done) done_.emplace(event.actor);
  } else if (event.kind == TraceKind::Process) {
    if (event.op == sim::ProcessOp::Crashed) crashed_.emplace(event.actor);
    if (event.op == sim::ProcessOp::Restarted) {
      const auto found = crashed_.find(event.actor);
      if (found != crashed_.end()) crashed_.erase(found);
      lastProgress_ = event.time;
    }
  }
}

}  // namespace lockscope::run
