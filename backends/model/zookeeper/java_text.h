// Bytes read as text the way Java's UTF-8 decoder (sun.nio.cs.UTF_8, OpenJDK 17) reads them.
//
// ZooKeeper is Java on both ends: zkCli decodes each input line to a String (a malformed
// sequence becomes one U+FFFD, 3 bytes when encoded again) and the server hashes, compares and
// reports paths as Strings, counting UTF-16 code units. Verified with zkCli 3.8.0 under
// LANG=C.UTF-8: `create /u a<FF>b` stores 5 bytes, `create /u2 <C3 A9 E2 82>` also 5 (é, then one
// U+FFFD for the truncated sequence).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace lockscope::zookeeper::model {

// The text's UTF-16 code units; each malformed sequence is one U+FFFD, cut where Java cuts it.
std::vector<uint16_t> javaUtf16(std::string_view bytes);
// The same text encoded as UTF-8 again: valid sequences kept, malformed ones replaced.
std::string javaRecoded(std::string_view bytes);
// java.lang.String.hashCode() of the decoded text.
int32_t javaHashCode(std::string_view bytes);
// String.trim(): every char up to ' ' off both ends (bytes that high are never part of a
// multi-byte sequence).
std::string_view javaTrimmed(std::string_view text);

}  // namespace lockscope::zookeeper::model
