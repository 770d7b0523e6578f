#include "server_address.h"

#include <charconv>

namespace lockscope::live {
namespace {

bool isHostCharacter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
         c == '-' || c == '_';
}

bool isIpv6Character(char c) {
  return (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') || (c >= '0' && c <= '9') || c == ':' ||
         c == '.';
}

Result<ServerAddress> parseOne(const std::string& item) {
  if (item.find('@') != std::string::npos) {
    return Status::failure(
        "an address holds an '@': credentials never go in an address (see docs/live.md)");
  }
  const std::string quoted = "'" + item + "'";
  ServerAddress address;
  size_t portStart = 0;
  if (!item.empty() && item.front() == '[') {  // [::1]:2181
    const size_t close = item.find(']');
    if (close == std::string::npos || close + 1 >= item.size() || item[close + 1] != ':') {
      return Status::failure(quoted + " is not [IPV6]:PORT");
    }
    address.host = item.substr(1, close - 1);
    portStart = close + 2;
    for (const char c : address.host) {
      if (!isIpv6Character(c)) {
        return Status::failure(quoted + " is not [IPV6]:PORT");
      }
    }
  } else {
    const size_t colon = item.find(':');
    if (colon == std::string::npos) {
      return Status::failure(quoted + " is not HOST:PORT (no port)");
    }
    address.host = item.substr(0, colon);
    portStart = colon + 1;
    for (const char c : address.host) {
      if (!isHostCharacter(c)) {
        return Status::failure(
            quoted + " is not HOST:PORT (a host has letters, digits, '.', '-' and '_' only)");
      }
    }
  }
  if (address.host.empty()) {
    return Status::failure(quoted + " is not HOST:PORT (no host)");
  }
  const char* begin = item.data() + portStart;
  const char* end = item.data() + item.size();
  const auto parsed = std::from_chars(begin, end, address.port);
  if (begin == end || parsed.ec != std::errc() || parsed.ptr != end || address.port < 1 ||
      address.port > 65535) {
    return Status::failure(quoted + " is not HOST:PORT (a port is a number from 1 to 65535)");
  }
  return address;
}

}  // namespace

std::string ServerAddress::text() const {
  const std::string shown = host.find(':') == std::string::npos ? host : "[" + host + "]";
  return shown + ":" + std::to_string(port);
}

Result<std::vector<ServerAddress>> parseServerList(const std::string& list) {
  if (list.empty()) {
    return Status::failure("no HOST:PORT given");
  }
  std::vector<ServerAddress> addresses;
  for (size_t start = 0; start <= list.size();) {
    const size_t comma = std::min(list.find(',', start), list.size());
    const std::string item = list.substr(start, comma - start);
    if (item.empty()) {
      return Status::failure("an empty address in '" +
                             (list.find('@') == std::string::npos ? list : "...") + "'");
    }
    Result<ServerAddress> address = parseOne(item);
    if (!address.ok()) return address.status();
    addresses.push_back(std::move(*address));
    start = comma + 1;
  }
  return addresses;
}

std::string joinAddresses(const std::vector<ServerAddress>& addresses) {
  std::string joined;
  for (const ServerAddress& address : addresses)
    joined += (joined.empty() ? "" : ",") + address.text();
  return joined;
}

}  // namespace lockscope::live
