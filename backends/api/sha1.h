// SHA-1 (FIPS 180-4). Not for security: the servers we model name things with it - Redis names a
// script by the SHA-1 of its source (EVALSHA, error messages), ZooKeeper's digest ACLs hold
// base64(SHA-1(user:password)).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace lockscope {

std::array<uint8_t, 20> sha1(std::string_view bytes);
// Lower-case hex, as Redis prints a script's name.
std::string sha1Hex(std::string_view bytes);

}  // namespace lockscope
