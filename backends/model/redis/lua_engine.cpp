#include "lua_engine.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>

#include "backends/api/sha1.h"

extern "C" {
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
}

// Lua reports errors with longjmp, which skips C++ destructors: every function below that may
// raise one does its C++ work in an inner scope that has ended when lua_error runs.

namespace lockscope::redis::model {
namespace {

constexpr const char* kChunkName = "@user_script";  // what Redis names a script's chunk

LuaEngine& engineOf(lua_State* lua) {
  return *static_cast<LuaEngine*>(lua_touserdata(lua, lua_upvalueindex(1)));
}

// Pushes {field = text}: {err = ...} is how redis.call raises a command's error and redis.pcall
// returns it, {ok = ...} a status reply.
void pushReplyTable(lua_State* lua, const char* field, std::string_view text) {
  lua_newtable(lua);
  lua_pushlstring(lua, text.data(), text.size());
  lua_setfield(lua, -2, field);
}
void pushErrorTable(lua_State* lua, std::string_view text) { pushReplyTable(lua, "err", text); }

// A reply as Lua sees it (redis.call's result).
void pushReply(lua_State* lua, const Reply& reply) {
  switch (reply.type) {
    case ReplyType::Integer: lua_pushnumber(lua, static_cast<lua_Number>(reply.integer)); return;
    case ReplyType::String: lua_pushlstring(lua, reply.text.data(), reply.text.size()); return;
    case ReplyType::Status: pushReplyTable(lua, "ok", reply.text); return;
    case ReplyType::Error: pushErrorTable(lua, reply.text); return;
    case ReplyType::Array:
      lua_newtable(lua);
      for (size_t i = 0; i < reply.elements.size(); ++i) {
        pushReply(lua, reply.elements[i]);
        lua_rawseti(lua, -2, static_cast<int>(i + 1));
      }
      return;
    default: lua_pushboolean(lua, 0); return;  // nil bulk reply: false
  }
}

// (long long)n as x86 converts it: out of range and NaN give the smallest integer, which is what
// Redis returns for `return 1e20` (the cast itself would be undefined behaviour in C++).
int64_t truncated(lua_Number number) {
  if (!(number > -9223372036854775808.0 && number < 9223372036854775808.0)) return INT64_MIN;
  return static_cast<int64_t>(number);
}

// table[field] when it is a string (or a number, which Lua reads as one).
std::optional<std::string> stringField(lua_State* lua, int table, const char* field) {
  lua_getfield(lua, table, field);
  std::optional<std::string> text;
  if (lua_isstring(lua, -1)) {
    size_t length = 0;
    const char* bytes = lua_tolstring(lua, -1, &length);
    text.emplace(bytes, length);
  }
  lua_pop(lua, 1);
  return text;
}

// The value at `index` as the script's reply (Redis' luaReplyToRedisReply).
Reply toReply(lua_State* lua, int index) {
  switch (lua_type(lua, index)) {
    case LUA_TSTRING: {
      size_t length = 0;
      const char* text = lua_tolstring(lua, index, &length);
      return Reply::string(std::string(text, length));
    }
    case LUA_TBOOLEAN: return lua_toboolean(lua, index) ? Reply::number(1) : Reply::nil();
    case LUA_TNUMBER: return Reply::number(truncated(lua_tonumber(lua, index)));
    case LUA_TTABLE: {
      const int table = index < 0 ? lua_gettop(lua) + index + 1 : index;
      if (auto text = stringField(lua, table, "err")) return Reply::error(std::move(*text));
      if (auto text = stringField(lua, table, "ok")) return Reply::status(std::move(*text));
      Reply array{ReplyType::Array, {}, 0, {}};
      for (int j = 1;; ++j) {
        lua_rawgeti(lua, table, j);
        if (lua_isnil(lua, -1)) {
          lua_pop(lua, 1);
          break;
        }
        array.elements.push_back(toReply(lua, -1));
        lua_pop(lua, 1);
      }
      return array;
    }
    default: return Reply::nil();
  }
}

// The interpreter's allocator: the system's, refusing what would take the interpreter past
// kMemoryLimit (Lua then raises "not enough memory").
void* budgetedAlloc(void* budgetPointer, void* block, size_t oldSize, size_t newSize) {
  auto& budget = *static_cast<LuaEngine::Budget*>(budgetPointer);
  const size_t before = block ? oldSize : 0;
  if (newSize == 0) {
    std::free(block);
    budget.allocated -= before;
    return nullptr;
  }
  if (newSize > before && budget.allocated - before + newSize > LuaEngine::kMemoryLimit)
    return nullptr;
  void* moved = std::realloc(block, newSize);
  if (moved) budget.allocated = budget.allocated - before + newSize;
  return moved;
}

// How often the instruction hook counts: rarely enough to cost nothing on the lock scripts.
constexpr int kHookInterval = 10'000;

// The instruction hook: stops a script that has spent its budget. From then on every instruction
// fails, so that a pcall in the script cannot swallow the stop and carry on.
void budgetHook(lua_State* lua, lua_Debug*) {
  void* budgetPointer = nullptr;
  lua_getallocf(lua, &budgetPointer);
  auto& budget = *static_cast<LuaEngine::Budget*>(budgetPointer);
  budget.instructionsLeft -= kHookInterval;
  if (budget.instructionsLeft > 0) return;
  lua_sethook(lua, budgetHook, LUA_MASKCOUNT, 1);
  luaL_error(lua,
             "Script stopped after %d million Lua instructions: the model ends a script there "
             "(a Redis server would keep running it, answering BUSY to every other client)",
             static_cast<int>(LuaEngine::kInstructionBudget / 1'000'000));
}

// redisLrand48: the 48-bit linear congruential generator of drand48, as Redis carries it.
int32_t nextRandom(uint64_t& state) {
  state = (0x5DEECE66Dull * state + 0xB) & ((uint64_t{1} << 48) - 1);
  return static_cast<int32_t>(state >> 17);
}

// The error handler of every script call: adds where the script was when it failed, as Redis'
// __redis__err__handler does - the function that raised (level 1), or its caller when that is a
// C function (error, redis.call, a global's guard).
int errorHandler(lua_State* lua) {
  lua_Debug where{};
  int line = -1;
  for (int level = 1; level <= 2 && lua_getstack(lua, level, &where); ++level) {
    lua_getinfo(lua, "Sl", &where);
    if (where.what[0] != 'C') {
      line = where.currentline;
      break;
    }
  }
  if (lua_istable(lua, 1)) {
    lua_getfield(lua, 1, "err");
    const bool hasText = lua_isstring(lua, -1);
    lua_pop(lua, 1);
    if (!hasText) pushErrorTable(lua, "ERR unknown error");
    else lua_pushvalue(lua, 1);
  } else {
    // A plain error('text') or a runtime error: Redis gives it the generic ERR code.
    lua_pushstring(lua, "ERR ");
    lua_pushvalue(lua, 1);
    lua_concat(lua, 2);
    lua_newtable(lua);
    lua_insert(lua, -2);
    lua_setfield(lua, -2, "err");
  }
  lua_pushinteger(lua, line);
  lua_setfield(lua, -2, "line");
  return 1;
}

}  // namespace

// The C functions the scripts call, with access to the engine's private state.
struct LuaLibrary {
  // redis.call (raise = true) and redis.pcall.
  static int call(lua_State* lua, bool raise) {
    LuaEngine& engine = engineOf(lua);
    bool failed = false;
    {
      const int count = lua_gettop(lua);
      Command argv;
      std::string problem;
      if (count == 0) problem = "ERR Please specify at least one argument for this redis lib call";
      for (int i = 1; i <= count && problem.empty(); ++i) {
        if (lua_type(lua, i) == LUA_TNUMBER) {
          // "%.17g", as Redis 7.0 writes a number argument: 3 -> "3", 0.1 ->
          // "0.10000000000000001".
          char digits[32];
          const int written = std::snprintf(digits, sizeof digits, "%.17g", lua_tonumber(lua, i));
          argv.emplace_back(digits, static_cast<size_t>(written));
        } else if (lua_type(lua, i) == LUA_TSTRING) {
          size_t length = 0;
          const char* text = lua_tolstring(lua, i, &length);
          argv.emplace_back(text, length);
        } else {
          problem = "ERR Lua redis lib command arguments must be strings or integers";
        }
      }
      Reply reply = problem.empty() ? (*engine.call_)(argv) : Reply::error(problem);
      failed = reply.type == ReplyType::Error;
      pushReply(lua, reply);
    }
    if (failed && raise) return lua_error(lua);
    return 1;
  }
  static int redisCall(lua_State* lua) { return call(lua, true); }
  static int redisPcall(lua_State* lua) { return call(lua, false); }

  // redis.error_reply(text) -> {err = text}; redis.status_reply(text) -> {ok = text}.
  static int errorReply(lua_State* lua) {
    pushReplyTable(lua, "err", luaL_checkstring(lua, 1));
    return 1;
  }
  static int statusReply(lua_State* lua) {
    pushReplyTable(lua, "ok", luaL_checkstring(lua, 1));
    return 1;
  }
  static int sha1hex(lua_State* lua) {
    size_t length = 0;
    const char* text = luaL_checklstring(lua, 1, &length);
    {
      const std::string hex = sha1Hex(std::string_view(text, length));
      lua_pushlstring(lua, hex.data(), hex.size());
    }
    return 1;
  }
  static int nothing(lua_State*) { return 0; }

  // Redis' redis_math_random and redis_math_randomseed.
  static int random(lua_State* lua) {
    const int32_t drawn = nextRandom(*engineOf(lua).randomState_);
    const lua_Number r = static_cast<lua_Number>(drawn % INT32_MAX) / INT32_MAX;
    switch (lua_gettop(lua)) {
      case 0: lua_pushnumber(lua, r); return 1;
      case 1: {
        const int upper = luaL_checkint(lua, 1);
        luaL_argcheck(lua, 1 <= upper, 1, "interval is empty");
        lua_pushnumber(lua, std::floor(r * upper) + 1);
        return 1;
      }
      case 2: {
        const int lower = luaL_checkint(lua, 1);
        const int upper = luaL_checkint(lua, 2);
        luaL_argcheck(lua, lower <= upper, 2, "interval is empty");
        lua_pushnumber(lua, std::floor(r * (upper - lower + 1)) + lower);
        return 1;
      }
      default: return luaL_error(lua, "wrong number of arguments");
    }
  }
  static int randomSeed(lua_State* lua) {
    const auto seed = static_cast<uint32_t>(luaL_checkint(lua, 1));
    *engineOf(lua).randomState_ = uint64_t{seed} << 16 | 0x330E;  // redisSrand48
    return 0;
  }

  // The guards of the read-only global table.
  static int readGlobal(lua_State* lua) {
    return luaL_error(lua, "Script attempted to access nonexistent global variable '%s'",
                      luaL_optstring(lua, 2, "?"));
  }
  static int writeGlobal(lua_State* lua) {
    return luaL_error(lua, "Attempt to modify a readonly table");
  }
  // rawset or setmetatable, but not on the globals or a library (upvalues: the protected set,
  // the function). Redis' message, without a position, as its patched Lua raises it.
  static int guarded(lua_State* lua) {
    lua_pushvalue(lua, 1);
    lua_rawget(lua, lua_upvalueindex(1));
    if (lua_toboolean(lua, -1)) {
      lua_pushliteral(lua, "Attempt to modify a readonly table");
      return lua_error(lua);
    }
    lua_pop(lua, 1);
    lua_pushvalue(lua, lua_upvalueindex(2));
    lua_insert(lua, 1);
    lua_call(lua, lua_gettop(lua) - 1, 1);
    return 1;
  }
};

LuaEngine& LuaEngine::ofThisThread() {
  static thread_local LuaEngine engine;
  return engine;
}

LuaEngine::LuaEngine() : lua_(lua_newstate(budgetedAlloc, &budget_)) { installLibraries(); }

LuaEngine::~LuaEngine() { lua_close(lua_); }

void LuaEngine::installLibraries() {
  // The libraries Redis opens, less debug (and the ones it adds: cjson, cmsgpack, struct, bit).
  for (const lua_CFunction open : {luaopen_base, luaopen_table, luaopen_string, luaopen_math}) {
    lua_pushcfunction(lua_, open);
    lua_call(lua_, 0, 0);
  }
  // Nothing that reaches the machine's files.
  for (const char* removed : {"loadfile", "dofile"}) {
    lua_pushnil(lua_);
    lua_setglobal(lua_, removed);
  }
  auto function = [this](lua_CFunction body) {
    lua_pushlightuserdata(lua_, this);
    lua_pushcclosure(lua_, body, 1);
  };
  function(LuaLibrary::nothing);
  lua_setglobal(lua_, "print");

  lua_getglobal(lua_, "math");
  function(LuaLibrary::random);
  lua_setfield(lua_, -2, "random");
  function(LuaLibrary::randomSeed);
  lua_setfield(lua_, -2, "randomseed");
  lua_pop(lua_, 1);

  lua_newtable(lua_);
  const std::pair<const char*, lua_CFunction> redis[] = {
      {"call", LuaLibrary::redisCall},         {"pcall", LuaLibrary::redisPcall},
      {"error_reply", LuaLibrary::errorReply}, {"status_reply", LuaLibrary::statusReply},
      {"sha1hex", LuaLibrary::sha1hex},        {"log", LuaLibrary::nothing}};
  for (const auto& [name, body] : redis) {
    function(body);
    lua_setfield(lua_, -2, name);
  }
  const std::pair<const char*, int> levels[] = {
      {"LOG_DEBUG", 0}, {"LOG_VERBOSE", 1}, {"LOG_NOTICE", 2}, {"LOG_WARNING", 3}};
  for (const auto& [name, level] : levels) {
    lua_pushinteger(lua_, level);
    lua_setfield(lua_, -2, name);
  }
  lua_setglobal(lua_, "redis");

  protectShared();
}

void LuaEngine::protectShared() {
  // One interpreter serves every run of the thread, so nothing a script does may outlive its
  // call: the globals and the libraries' tables are read-only (as on Redis 7, whose Lua is
  // patched for it), through guards that rawset, setmetatable and setfenv cannot get around.
  for (const char* removed : {"setfenv", "getfenv"}) {
    lua_pushnil(lua_);
    lua_setglobal(lua_, removed);
  }
  lua_newtable(lua_);  // the protected tables, for the guards of rawset and setmetatable
  const int protectedSet = lua_gettop(lua_);
  auto protect = [this, protectedSet](int index) {
    lua_pushvalue(lua_, index);
    lua_pushboolean(lua_, 1);
    lua_rawset(lua_, protectedSet);
  };
  // What getmetatable answers for a protected table (Redis answers a table): an empty table,
  // read-only itself.
  lua_newtable(lua_);
  lua_newtable(lua_);
  lua_pushcfunction(lua_, LuaLibrary::writeGlobal);
  lua_setfield(lua_, -2, "__newindex");
  lua_setmetatable(lua_, -2);
  protect(-1);
  const int decoy = lua_gettop(lua_);
  auto pushGuard = [this, decoy](bool global) {
    lua_newtable(lua_);
    if (!global) {
      lua_pushvalue(lua_, -3);  // the library's real table
      lua_setfield(lua_, -2, "__index");
    } else {
      lua_pushcfunction(lua_, LuaLibrary::readGlobal);
      lua_setfield(lua_, -2, "__index");
    }
    lua_pushcfunction(lua_, LuaLibrary::writeGlobal);
    lua_setfield(lua_, -2, "__newindex");
    lua_pushvalue(lua_, decoy);
    lua_setfield(lua_, -2, "__metatable");
  };
  // Each library global becomes an empty proxy reading through to the real table.
  for (const char* library : {"string", "table", "math", "redis", "coroutine"}) {
    lua_getglobal(lua_, library);
    lua_newtable(lua_);  // the proxy
    pushGuard(false);
    lua_setmetatable(lua_, -2);
    protect(-1);
    lua_setglobal(lua_, library);
    lua_pop(lua_, 1);
  }
  // Strings' own metatable leads to the string library's real table: hide it.
  lua_pushliteral(lua_, "");
  lua_getmetatable(lua_, -1);
  lua_pushvalue(lua_, decoy);
  lua_setfield(lua_, -2, "__metatable");
  lua_pop(lua_, 2);
  // rawset and setmetatable refuse the protected tables.
  protect(LUA_GLOBALSINDEX);
  for (const char* name : {"rawset", "setmetatable"}) {
    lua_pushvalue(lua_, protectedSet);
    lua_getglobal(lua_, name);
    lua_pushcclosure(lua_, LuaLibrary::guarded, 2);
    lua_setglobal(lua_, name);
  }
  // From here on the globals are read-only, and reading one that does not exist is an error.
  lua_pushvalue(lua_, LUA_GLOBALSINDEX);
  pushGuard(true);
  lua_setmetatable(lua_, -2);
  lua_pop(lua_, 3);  // the globals, the decoy, the protected set
}

bool LuaEngine::pushCompiled(std::string_view source, bool literal) {
  // The lock scripts' sources are literals: found by their address, without hashing their text
  // (which cost a tenth of a Redis lesson's run).
  if (literal) {
    for (const auto& [address, reference] : literals_) {
      if (address == source.data()) {
        lua_rawgeti(lua_, LUA_REGISTRYINDEX, reference);
        return true;
      }
    }
  }
  int reference = LUA_NOREF;
  const auto found = compiled_.find(std::string(source));
  if (found != compiled_.end()) {
    reference = found->second;
  } else {
    if (luaL_loadbuffer(lua_, source.data(), source.size(), kChunkName) != 0) return false;
    reference = luaL_ref(lua_, LUA_REGISTRYINDEX);
    compiled_.emplace(std::string(source), reference);
  }
  if (literal) literals_.emplace_back(source.data(), reference);
  lua_rawgeti(lua_, LUA_REGISTRYINDEX, reference);
  return true;
}

void LuaEngine::setArray(const char* name, std::span<const std::string> values) {
  // A new table every call, as Redis makes: one reused would carry what a script added to it
  // (KEYS[5] = 'x') into the next script.
  lua_pushstring(lua_, name);
  lua_createtable(lua_, static_cast<int>(values.size()), 0);
  for (size_t i = 0; i < values.size(); ++i) {
    lua_pushlstring(lua_, values[i].data(), values[i].size());
    lua_rawseti(lua_, -2, static_cast<int>(i + 1));
  }
  lua_rawset(lua_, LUA_GLOBALSINDEX);  // past the read-only guard
}

std::optional<std::string> LuaEngine::compileError(std::string_view source) {
  const int base = lua_gettop(lua_);
  std::optional<std::string> error;
  if (!pushCompiled(source, false)) {
    error = std::string("ERR Error compiling script (new function): ") + lua_tostring(lua_, -1);
  }
  lua_settop(lua_, base);
  return error;
}

Reply LuaEngine::eval(std::string_view source, bool literal, std::span<const std::string> keys,
                      std::span<const std::string> args, const Call& call, uint64_t& randomState) {
  const int base = lua_gettop(lua_);
  if (!pushCompiled(source, literal)) {
    Reply error = Reply::error(std::string("ERR Error compiling script (new function): ") +
                               lua_tostring(lua_, -1));
    lua_settop(lua_, base);
    return error;
  }
  setArray("KEYS", keys);
  setArray("ARGV", args);
  call_ = &call;
  randomState_ = &randomState;
  lua_pushcfunction(lua_, errorHandler);
  lua_insert(lua_, base + 1);
  budget_.instructionsLeft = kInstructionBudget;
  lua_sethook(lua_, budgetHook, LUA_MASKCOUNT, kHookInterval);
  const int status = lua_pcall(lua_, 0, 1, base + 1);
  lua_sethook(lua_, nullptr, 0, 0);
  call_ = nullptr;
  randomState_ = nullptr;
  Reply reply;
  if (status == 0) {
    reply = toReply(lua_, -1);
  } else if (status == LUA_ERRMEM) {
    // Lua does not run the error handler for a refused allocation.
    reply = Reply::error("ERR Error running script: not enough memory (the model gives a script " +
                         std::to_string(kMemoryLimit >> 20) + " MB)");
  } else if (lua_istable(lua_, -1)) {
    lua_getfield(lua_, -1, "err");
    lua_getfield(lua_, -2, "line");
    reply = Reply::error(std::string(lua_tostring(lua_, -2)) + " script: " + sha1Hex(source) +
                         ", on " + (kChunkName) + ":" + std::to_string(lua_tointeger(lua_, -1)) +
                         ".");
  } else {
    reply = Reply::error("ERR " + std::string(lua_isstring(lua_, -1) ? lua_tostring(lua_, -1)
                                                                     : "error running script"));
  }
  lua_settop(lua_, base);
  // What a failed script left behind is garbage now: collect it before the next script counts it
  // against its memory.
  if (status != 0) lua_gc(lua_, LUA_GCCOLLECT, 0);
  return reply;
}

}  // namespace lockscope::redis::model
