// A live Redis run's own keys: every key a client sends is prefixed with "lockscope:<run id>:" on
// the wire (the trace keeps the recipe's names, as in the model), and when the run ends exactly
// the keys with that prefix are deleted. A run never empties a server (no FLUSHALL) and never
// touches a key it did not make, so it may share servers with other runs and other data.
#pragma once

#include <cstdint>
#include <string>

#include "backends/api/redis_client.h"
#include "redis_address.h"

namespace lockscope::live::redis {

// "lockscope:<16 hex digits>:", new for every call.
std::string newKeyPrefix();

// Prefixes the key arguments of `argv` in place. The recipes send SET, SETNX, GET, DEL, PEXPIRE,
// PTTL, EVAL (keys counted by its numkeys), WATCH, and MULTI and EXEC (no keys). False for any
// other command: it is refused rather than sent with keys we cannot tell from values.
bool prefixKeys(lockscope::redis::Command& argv, const std::string& prefix);

// Deletes every key starting with `prefix` (SCAN, then DEL); a failure when the server did not
// answer.
Status deleteKeysWithPrefix(const RedisAddress& address, const std::string& prefix,
                            int64_t timeoutMs);

}  // namespace lockscope::live::redis
