// The faults that act on a client's process alike on every model: crash, restart, pause, resume.
// Each model backend injects the rest (partitions, sessions, instances) its own way.
#pragma once

#include <string>

#include "sim/clients/lock_client.h"
#include "sim/engine/process.h"
#include "sim/engine/world.h"
#include "sim/scenario/scenario.h"

namespace lockscope::model {

// Whether `fault` was one of them (then it has been applied to `process` and `client`).
bool injectProcessFault(const scenario::Fault& fault, sim::Process& process,
                        clients::LockClient& client);

// A client fault that came before the client's first connection has nothing to act on.
void noteClientNotStarted(sim::World& world, const std::string& clientName);

}  // namespace lockscope::model
