// A client process's faults on a live run whose connections are plain sockets (Redis,
// databases), the same for each: crash closes the client's connections (the OS closes a dead
// process's sockets) and stops its process; restart gives a crashed client a new process life and
// new connections; pause and resume hold and release its process while the connections stay open
// (the server's replies wait in the socket buffers).
#pragma once

#include <functional>

#include "sim/clients/lock_client.h"
#include "sim/engine/process.h"
#include "sim/scenario/scenario.h"

namespace lockscope::live {

// Applies `fault`, one of those four, to the client's `process`. A client that has not started
// (`process` or `client` null), or a fault of another kind (refused before the run), gets a Note
// saying it is ignored.
void injectClientFault(sim::World& world, const scenario::Fault& fault, sim::Process* process,
                       clients::LockClient* client, const std::function<void()>& dropConnections);

}  // namespace lockscope::live
