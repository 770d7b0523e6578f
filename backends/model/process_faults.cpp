#include "process_faults.h"

namespace lockscope::model {

using scenario::Fault;

bool injectProcessFault(const Fault& fault, sim::Process& process, clients::LockClient& client) {
  switch (fault.kind) {
    case Fault::Kind::Crash: process.crash(); return true;
    case Fault::Kind::Restart:
      if (process.state() == sim::Process::State::Crashed) {
        process.restart();
        client.restart();
      }
      return true;
    case Fault::Kind::Pause: process.pause(); return true;
    case Fault::Kind::Resume: process.resume(); return true;
    default: return false;
  }
}

void noteClientNotStarted(sim::World& world, const std::string& clientName) {
  world.record({.kind = sim::TraceKind::Note,
                .actor = clientName,
                .detail = "fault ignored: the client has not started"});
}

}  // namespace lockscope::model
