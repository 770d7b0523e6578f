// Is a live ZooKeeper reachable? Opens a session, waits for it to connect (bounded), closes it.
// `lockscope-cli` exits 3 when this fails; the GUI shows its message as the connection status.
#pragma once

#include <cstdint>
#include <string>

#include "sim/engine/status.h"

namespace lockscope::live {

// Success when a session to `hosts` ("host:port[,host:port...]") connected within `timeoutMs`;
// otherwise a failure saying so in one line.
Status probeZooKeeper(const std::string& hosts, int64_t timeoutMs);

}  // namespace lockscope::live
