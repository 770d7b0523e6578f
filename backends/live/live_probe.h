// Is a live ZooKeeper reachable? Opens a session, waits for it to connect (bounded), closes it.
// `lockscope-cli` exits 3 when this fails; the GUI shows its message as the connection status.
#pragma once

#include <cstdint>
#include <string>

namespace lockscope::live {

// True when a session to `hosts` ("host:port[,host:port...]") connected within `timeoutMs`;
// otherwise false with `error` saying so in one line.
bool probeZooKeeper(const std::string& hosts, int64_t timeoutMs, std::string& error);

}  // namespace lockscope::live
