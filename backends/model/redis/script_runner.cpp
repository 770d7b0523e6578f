// The lock scripts of backends/api/redis_scripts.h, each run as one atomic step: the Lua in
// scripts::luaSource(), transcribed call for call.
#include <charconv>

#include "backends/api/redis_scripts.h"
#include "command_executor.h"

namespace lockscope::redis::model {
namespace {

bool parseMillis(const std::string& text, int64_t& out) {
  const auto result = std::from_chars(text.data(), text.data() + text.size(), out);
  return result.ec == std::errc() && result.ptr == text.data() + text.size() && out > 0;
}

}  // namespace

Reply CommandExecutor::executeScript(const Command& argv) {
  // {"EVAL", name, "1", key, args...}
  if (argv.size() < 4 || argv[2] != "1") {
    return Reply::error("ERR the lock scripts take exactly one key: EVAL name 1 key args...");
  }
  const std::string& name = argv[1];
  const std::string& key = argv[3];
  const std::vector<std::string> args(argv.begin() + 4, argv.end());
  int64_t ttlMs = 0;
  auto needs = [&](size_t count) { return args.size() == count; };

  if (name == scripts::kCompareAndDelete && needs(1)) {
    const Reply current = get(key);
    if (current.type != ReplyType::String || current.text != args[0]) return Reply::number(0);
    return del(key);
  }
  if (name == scripts::kCompareAndExtend && needs(2) && parseMillis(args[1], ttlMs)) {
    const Reply current = get(key);
    if (current.type != ReplyType::String || current.text != args[0]) return Reply::number(0);
    return pexpire(key, ttlMs);
  }
  if (name == scripts::kReentrantAcquire && needs(2) && parseMillis(args[0], ttlMs)) {
    if (!exists(key) || hexists(key, args[1]).isInteger(1)) {
      hincrby(key, args[1], 1);
      pexpire(key, ttlMs);
      return Reply::nil();
    }
    return pttl(key);
  }
  if (name == scripts::kReentrantRelease && needs(2) && parseMillis(args[0], ttlMs)) {
    if (!hexists(key, args[1]).isInteger(1)) return Reply::nil();
    const Reply left = hincrby(key, args[1], -1);
    if (left.integer > 0) {
      pexpire(key, ttlMs);
    } else {
      del(key);
    }
    return left;
  }
  if (name == scripts::kFencedAcquire && needs(2) && parseMillis(args[1], ttlMs)) {
    if (!set(key, args[0], true, false, ttlMs).isOk()) return Reply::nil();
    return incr(key + ":fence");
  }
  if (scripts::luaSource(name).empty()) return Reply::error("NOSCRIPT No matching script: " + name);
  return Reply::error("ERR wrong arguments for script '" + name + "'");
}

}  // namespace lockscope::redis::model
