// One command to a Redis server, waited for: reachability probes, the watchdog's PINGs, deleting a
// run's keys at its end. hiredis' synchronous API with a connect and a read timeout, so it never
// hangs longer than `timeoutMs` per step. Not for the world's requests (those are asynchronous).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "backends/api/redis_client.h"
#include "backends/live/live_credentials.h"
#include "redis_address.h"

namespace lockscope::live::redis {

// The reply (an Error reply is a reply); a failure, one line naming the address, when the server
// could not be reached or did not answer in time.
Result<lockscope::redis::Reply> commandAndWait(const RedisAddress& address,
                                               const lockscope::redis::Command& argv,
                                               int64_t timeoutMs);

// AUTH [user] password for `login` (live_credentials.h): never traced, never printed.
lockscope::redis::Command authCommand(const RedisLogin& login);

// Success when every address answers PING; otherwise the failure names the first that did not.
Status probeRedis(const std::string& addresses, int64_t timeoutMs);

}  // namespace lockscope::live::redis
