#include "live_process_faults.h"

namespace lockscope::live {

void injectClientFault(sim::World& world, const scenario::Fault& fault, sim::Process* process,
                       clients::LockClient* client, const std::function<void()>& dropConnections) {
  using Kind = scenario::Fault::Kind;
  if (!process || !client) {
    world.record({.kind = sim::TraceKind::Note,
                  .actor = fault.client,
                  .detail = "fault ignored: the client has not started"});
    return;
  }
  switch (fault.kind) {
    case Kind::Crash:
      dropConnections();  // the OS closes a dead process's sockets
      process->crash();
      break;
    case Kind::Restart:
      if (process->state() == sim::Process::State::Crashed) {
        process->restart();
        client->restart();  // new connections
      }
      break;
    // The connections stay open: the server's replies wait in the socket buffers, and the
    // process holds what was read until it resumes.
    case Kind::Pause: process->pause(); break;
    case Kind::Resume: process->resume(); break;
    default:  // refused before the run (liveRedisCanRun, liveDatabaseCanRun)
      world.record({.kind = sim::TraceKind::Note,
                    .actor = "world",
                    .detail = "live: " + std::string(scenario::faultKindName(fault.kind)) +
                              " is model-only; ignored"});
      break;
  }
}

}  // namespace lockscope::live
