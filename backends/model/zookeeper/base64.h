// Base64 (RFC 4648), for the digest scheme's ids: ZooKeeper names a digest identity
// user:base64(sha1(user:password)) (DigestAuthenticationProvider.generateDigest); the SHA-1 is
// backends/api/sha1.h. The model links no Qt, so it carries its own.
#pragma once

#include <string>
#include <string_view>

namespace lockscope::zookeeper::model {

// Standard alphabet, '=' padded, no line breaks (java.util.Base64.getEncoder()).
std::string base64(std::string_view bytes);

}  // namespace lockscope::zookeeper::model
