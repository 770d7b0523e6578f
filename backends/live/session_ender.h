// Expires a live session on demand, the way ZooKeeper's own tests do: a second handle attaches
// to the session (same id and password) and closes it. The server ends the session, deletes its
// ephemerals and drops the first handle's connection; that handle learns on reconnecting that its
// session expired.
#pragma once

#include <cstdint>
#include <string>

namespace lockscope::live {

// Blocking, bounded by `timeoutMs`; false if the server could not be reached.
bool endSession(const std::string& hosts, int64_t sessionId, const std::string& password,
                int64_t timeoutMs);

}  // namespace lockscope::live
