#include "redis_address.h"

#include <charconv>
#include <sstream>

namespace lockscope::live::redis {

std::optional<std::vector<RedisAddress>> parseAddresses(const std::string& list, std::string& error) {
  std::vector<RedisAddress> addresses;
  std::stringstream split(list);
  for (std::string item; std::getline(split, item, ',');) {
    const size_t colon = item.rfind(':');
    RedisAddress address;
    const char* portBegin = item.data() + colon + 1;
    const char* portEnd = item.data() + item.size();
    const bool portOk = colon != std::string::npos &&
                        std::from_chars(portBegin, portEnd, address.port).ptr == portEnd &&
                        portBegin != portEnd && address.port > 0 && address.port < 65536;
    if (colon == 0 || !portOk) {
      error = "'" + item + "' is not HOST:PORT";
      return std::nullopt;
    }
    address.host = item.substr(0, colon);
    addresses.push_back(std::move(address));
  }
  if (addresses.empty()) {
    error = "no HOST:PORT given";
    return std::nullopt;
  }
  return addresses;
}

}  // namespace lockscope::live::redis
