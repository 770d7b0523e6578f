// EVAL, EVALSHA and SCRIPT: arguments checked as Redis checks them, then the script run by the Lua
// engine, its redis.call going back through this executor (so a script's writes are the
// commands' writes, traced the same way, all at this one instant: atomic).
#include <span>

#include "backends/api/redis_scripts.h"
#include "backends/api/sha1.h"
#include "command_executor.h"
#include "lua_engine.h"
#include "redis_integer.h"

namespace lockscope::redis::model {
namespace {

Reply noScript() { return Reply::error("NOSCRIPT No matching script. Please use EVAL."); }

}  // namespace

Reply CommandExecutor::evalCommand(const Command& argv) {
  // A lock script's name stands for its source, which a live backend sends in its place.
  const std::string_view named = scripts::luaSource(argv[1]);
  const std::string_view source = named.empty() ? std::string_view(argv[1]) : named;
  return runScript(source, !named.empty(), argv);
}

Reply CommandExecutor::evalshaCommand(const Command& argv) {
  // A name that is no SHA-1 finds nothing; for one that is, the key count is checked first. The
  // server looks the name up lower-cased.
  if (argv[1].size() != 40) return noScript();
  if (Reply error = checkKeyCount(argv); error.type == ReplyType::Error) return error;
  const auto found = scriptCache_ ? scriptCache_->find(lowerCase(argv[1]))
                                  : ScriptCache::iterator();
  if (!scriptCache_ || found == scriptCache_->end()) return noScript();
  const std::string source = found->second;  // a copy: the cache may change while it runs
  return runScript(source, false, argv);
}

Reply CommandExecutor::checkKeyCount(const Command& argv) {
  int64_t keyCount = 0;
  if (!parseRedisInteger(argv[2], keyCount)) return notAnInteger();
  if (keyCount > static_cast<int64_t>(argv.size() - 3)) {
    return Reply::error("ERR Number of keys can't be greater than number of args");
  }
  if (keyCount < 0) return Reply::error("ERR Number of keys can't be negative");
  return Reply::number(keyCount);
}

Reply CommandExecutor::runScript(std::string_view source, bool literal, const Command& argv) {
  // {"EVAL", script, numkeys, key..., arg...}
  const Reply counted = checkKeyCount(argv);
  if (counted.type == ReplyType::Error) return counted;
  const int64_t keyCount = counted.integer;
  const std::span<const std::string> all(argv);
  const auto keys = all.subspan(3, static_cast<size_t>(keyCount));
  const auto args = all.subspan(3 + static_cast<size_t>(keyCount));
  LuaEngine& engine = LuaEngine::ofThisThread();
  if (scriptCache_) {
    // EVAL keeps what compiles, so EVALSHA can run it next.
    std::string sha = sha1Hex(source);
    if (!scriptCache_->contains(sha)) {
      if (const auto error = engine.compileError(source)) return Reply::error(*error);
      scriptCache_->emplace(std::move(sha), std::string(source));
    }
  }

  const LuaEngine::Call call = [this](const Command& command) {
    const std::string name = command.empty() ? std::string() : upperCase(command[0]);
    // The commands a server flags noscript: scripts, a connection's transaction, WAIT.
    for (const char* refused :
         {"EVAL", "EVALSHA", "SCRIPT", "MULTI", "EXEC", "DISCARD", "WATCH", "UNWATCH", "WAIT"}) {
      if (name == refused) return Reply::error("ERR This Redis command is not allowed from script");
    }
    if (const Reply refused = refusal(command); refused.type == ReplyType::Error) {
      return Reply::error(refused.text.starts_with("ERR unknown command")
                              ? "ERR Unknown Redis command called from script"
                              : "ERR Wrong number of args calling Redis command from script");
    }
    return execute(command);
  };
  uint64_t unseeded = LuaEngine::kFreshRandomState;
  return engine.eval(source, literal, keys, args, call, scriptRandom_ ? *scriptRandom_ : unseeded);
}

Reply CommandExecutor::scriptCommand(const Command& argv) {
  const std::string sub = upperCase(argv[1]);
  ScriptCache noCache;
  ScriptCache& cache = scriptCache_ ? *scriptCache_ : noCache;
  if (sub == "LOAD") {
    if (argv.size() != 3) return wrongArity("script|load");
    const std::string sha = sha1Hex(argv[2]);
    if (!cache.contains(sha)) {
      if (const auto error = LuaEngine::ofThisThread().compileError(argv[2]))
        return Reply::error(*error);
      cache.emplace(sha, argv[2]);
    }
    return Reply::string(sha);
  }
  if (sub == "EXISTS") {
    if (argv.size() < 3) return wrongArity("script|exists");
    Reply reply{ReplyType::Array, {}, 0, {}};
    for (size_t i = 2; i < argv.size(); ++i)
      reply.elements.push_back(Reply::number(cache.contains(lowerCase(argv[i])) ? 1 : 0));
    return reply;
  }
  if (sub == "FLUSH") {
    if (argv.size() > 3) return wrongArity("script|flush");
    if (argv.size() == 3 && upperCase(argv[2]) != "SYNC" && upperCase(argv[2]) != "ASYNC")
      return Reply::error("ERR SCRIPT FLUSH only support SYNC|ASYNC option");
    cache.clear();
    return Reply::status("OK");
  }
  return Reply::error("ERR unknown subcommand '" + argv[1].substr(0, 128) + "'. Try SCRIPT HELP.");
}

}  // namespace lockscope::redis::model
