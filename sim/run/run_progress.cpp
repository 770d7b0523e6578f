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
    if (event.op == sim::LockOp::Done) {
      done_.emplace(event.actor);
      if (const auto found = crashed_.find(event.actor); found != crashed_.end())
        crashed_.erase(found);
    }
  } else if (event.kind == TraceKind::Process) {
    // A client that crashes after its last round is done already: counted once, or the run
    // would end while another client still waits (found by `lockscope-cli explore`).
    if (event.op == sim::ProcessOp::Crashed && done_.find(event.actor) == done_.end())
      crashed_.emplace(event.actor);
    if (event.op == sim::ProcessOp::Restarted) {
      const auto found = crashed_.find(event.actor);
      if (found != crashed_.end()) crashed_.erase(found);
      lastProgress_ = event.time;
    }
  }
}

}  // namespace lockscope::run
