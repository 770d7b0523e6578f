// The one parser of server lists, for `--live zk=...`, `--live redis=...` and the GUI's connection
// field: "HOST:PORT[,HOST:PORT...]". Each address is checked once, here, so that nothing later
// connects to a port that wrapped around (65536 + 2181) or to a host with a path or a password
// glued on.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sim/engine/status.h"

namespace lockscope::live {

struct ServerAddress {
  std::string host;  // a name, an IPv4 address, or an IPv6 address without its brackets
  int port = 0;      // 1..65535
  // "host:port", "[::1]:port" for IPv6: what the ZooKeeper C client and the messages take.
  std::string text() const;
};

// Fails (one line, naming the offending item) for an empty list, an empty item, a bad host or a
// port outside 1..65535. An item that looks like it carries credentials
// (user:password@host) is refused without being quoted: secrets never go on a command line.
Result<std::vector<ServerAddress>> parseServerList(const std::string& list);

// "h:p,h:p" of addresses parsed above.
std::string joinAddresses(const std::vector<ServerAddress>& addresses);

}  // namespace lockscope::live
