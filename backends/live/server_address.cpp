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

std::optional<ServerAddress> parseOne(const std::string& item, std::string& error) {
  if (item.find('@') != std::string::npos) {
    error = "an address holds an '@': credentials never go in an address (see docs/live.md)";
    return std::nullopt;
  }
  const std::string quoted = "'" + item + "'";
  ServerAddress address;
  size_t portStart = 0;
  if (!item.empty() && item.front() == '[') {  // [::1]:2181
    const size_t close = item.find(']');
    if (close == std::string::npos || close + 1 >= item.size() || item[close + 1] != ':') {
      error = quoted + " is not [IPV6]:PORT";
      return std::nullopt;
    }
    address.host = item.substr(1, close - 1);
    portStart = close + 2;
    for (const char c : address.host) {
      if (!isIpv6Character(c)) {
        error = quoted + " is not [IPV6]:PORT";
        return std::nullopt;
      }
    }
  } else {
    const size_t colon = item.find(':');
    if (colon == std::string::npos) {
      error = quoted + " is not HOST:PORT (no port)";
      return std::nullopt;
    }
    address.host = item.substr(0, colon);
    portStart = colon + 1;
    for (const char c : address.host) {
      if (!isHostCharacter(c)) {
        error = quoted + " is not HOST:PORT (a host has letters, digits, '.', '-' and '_' only)";
        return std::nullopt;
      }
    }
  }
  if (address.host.empty()) {
    error = quoted + " is not HOST:PORT (no host)";
    return std::nullopt;
  }
  const char* begin = item.data() + portStart;
  const char* end = item.data() + item.size();
  const auto parsed = std::from_chars(begin, end, address.port);
  if (begin == end || parsed.ec != std::errc() || parsed.ptr != end || address.port < 1 ||
      address.port > 65535) {
    error = quoted + " is not HOST:PORT (a port is a number from 1 to 65535)";
    return std::nullopt;
  }
  return address;
}

}  // namespace

std::string ServerAddress::text() const {
  const std::string shown = host.find(':') == std::string::npos ? host : "[" + host + "]";
  return shown + ":" + std::to_string(port);
}

std::optional<std::vector<ServerAddress>> parseServerList(const std::string& list, std::string& error) {
  if (list.empty()) {
    error = "no HOST:PORT given";
    return std::nullopt;
  }
  std::vector<ServerAddress> addresses;
  for (size_t start = 0; start <= list.size();) {
    const size_t comma = std::min(list.find(',', start), list.size());
    const std::string item = list.substr(start, comma - start);
    if (item.empty()) {
      error = "an empty address in '" + (list.find('@') == std::string::npos ? list : "...") + "'";
      return std::nullopt;
    }
    std::optional<ServerAddress> address = parseOne(item, error);
    if (!address) return std::nullopt;
    addresses.push_back(std::move(*address));
    start = comma + 1;
  }
  return addresses;
}

std::string joinAddresses(const std::vector<ServerAddress>& addresses) {
  std::string joined;
  for (const ServerAddress& address : addresses) joined += (joined.empty() ? "" : ",") + address.text();
  return joined;
}

}  // namespace lockscope::live
