// The Lua scripts the Redis lock recipes run, by name. The model executes each name as one atomic
// operation (backends/model/redis/script_runner.cpp); a live backend sends the source with EVAL.
// Call convention: {"EVAL", name, "1", key, args...} (one key each).
#pragma once

#include <string_view>

namespace lockscope::redis::scripts {

// ARGV[1] = token. 1 when our key was deleted, 0 when it was not ours (or gone).
inline constexpr std::string_view kCompareAndDelete = "compare_and_delete";
// ARGV[1] = token, ARGV[2] = ttl ms. 1 when our key's expiry was reset, 0 otherwise.
inline constexpr std::string_view kCompareAndExtend = "compare_and_extend";
// Redisson's RLock: ARGV[1] = ttl ms, ARGV[2] = owner. nil when acquired (or re-entered), else
// the key's PTTL.
inline constexpr std::string_view kReentrantAcquire = "reentrant_acquire";
// ARGV[1] = ttl ms, ARGV[2] = owner. nil when the owner held nothing, else the holds left (0:
// the key was deleted).
inline constexpr std::string_view kReentrantRelease = "reentrant_release";
// Redisson's FencedLock: ARGV[1] = token, ARGV[2] = ttl ms; SET NX PX, and on success INCR of
// "<key>:fence". The token when acquired, nil when the key was taken.
inline constexpr std::string_view kFencedAcquire = "fenced_acquire";

// The Lua source a live server runs for `name` (empty for an unknown name).
std::string_view luaSource(std::string_view name);

}  // namespace lockscope::redis::scripts
