// SHA-1 (FIPS 180-4) and Base64 (RFC 4648), for the digest scheme's ids: ZooKeeper names a
// digest identity user:base64(sha1(user:password)) (DigestAuthenticationProvider.generateDigest).
// The model links no Qt, so it carries its own; only the digest scheme uses it.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace lockscope::zookeeper::model {

std::array<uint8_t, 20> sha1(std::string_view bytes);
// Standard alphabet, '=' padded, no line breaks (java.util.Base64.getEncoder()).
std::string base64(std::string_view bytes);

}  // namespace lockscope::zookeeper::model
