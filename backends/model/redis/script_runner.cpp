// EVAL: its arguments checked as Redis checks them, then the script run by the Lua engine, its
// redis.call going back through this executor (so a script's writes are the commands' writes,
// traced the same way, all at this one instant: atomic).
#include <charconv>
#include <span>

#include "backends/api/redis_scripts.h"
#include "command_executor.h"
#include "lua_engine.h"

namespace lockscope::redis::model {

Reply CommandExecutor::executeScript(const Command& argv) {
  // {"EVAL", script, numkeys, key..., arg...}
  if (argv.size() < 3) return wrongArity("EVAL");
  int64_t keyCount = 0;
  const std::string& count = argv[2];
  const auto parsed = std::from_chars(count.data(), count.data() + count.size(), keyCount);
  if (parsed.ec != std::errc() || parsed.ptr != count.data() + count.size()) {
    return Reply::error("ERR value is not an integer or out of range");
  }
  if (keyCount < 0) return Reply::error("ERR Number of keys can't be negative");
  if (keyCount > static_cast<int64_t>(argv.size() - 3)) {
    return Reply::error("ERR Number of keys can't be greater than number of args");
  }
  const std::span<const std::string> all(argv);
  const auto keys = all.subspan(3, static_cast<size_t>(keyCount));
  const auto args = all.subspan(3 + static_cast<size_t>(keyCount));
  // A lock script's name stands for its source, which a live backend sends in its place.
  const std::string_view named = scripts::luaSource(argv[1]);
  const std::string_view source = named.empty() ? std::string_view(argv[1]) : named;

  const LuaEngine::Call call = [this](const Command& command) {
    const std::string name = command.empty() ? std::string() : upperCase(command[0]);
    if (name == "EVAL" || name == "EVALSHA") {
      return Reply::error("ERR This Redis command is not allowed from script");
    }
    Reply reply = execute(command);
    if (reply.type == ReplyType::Error && reply.text.starts_with("ERR unknown command")) {
      return Reply::error("ERR Unknown Redis command called from script");
    }
    return reply;
  };
  uint64_t unseeded = LuaEngine::kFreshRandomState;
  return LuaEngine::ofThisThread().eval(source, !named.empty(), keys, args, call,
                                        scriptRandom_ ? *scriptRandom_ : unseeded);
}

}  // namespace lockscope::redis::model
