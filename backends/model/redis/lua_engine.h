// Redis 7.0's scripting in the model: real Lua 5.1 (Debian's liblua5.1, the version Redis embeds)
// running a script's source with KEYS, ARGV and the `redis` library, so the lock recipes' scripts
// and a student's own run as they would on a server.
//
// What is Redis' own and modelled here: scripts run atomically (one call of the command executor,
// nothing else in between); globals are read-only (`x = 1` fails with "Attempt to modify a
// readonly table", reading an unset global with "Script attempted to access nonexistent global
// variable"); redis.call raises a command's error, redis.pcall returns it as {err=...}; the
// conversions both ways (a nil bulk reply is false, false returns nil, numbers are truncated to
// integers, a table is an array up to its first nil, {ok=...} a status, {err=...} an error);
// errors end with " script: <sha1 of the source>, on @user_script:<line>."; math.random draws
// from the server's own 48-bit generator, which a fresh server seeds with 0 and never reseeds
// (each instance keeps its own state, so runs are reproducible).
//
// Left out (docs/redis-scripting.md): the cjson, cmsgpack, struct and bit libraries, read-only
// library tables, SCRIPT KILL and BUSY, RESP3 replies, redis.set_repl and redis.log's output
// (print and redis.log do nothing: a server writes them to its own log).
//
// Not Redis': a script that never ends would hang the run or the shell (a server keeps running
// it, answering BUSY to everyone else until SCRIPT KILL, which no one can send a model in the
// middle of a command). So the model stops a script after kInstructionBudget Lua instructions and
// refuses it memory past kMemoryLimit, with an error reply; both are counted, not timed, so the
// same script stops at the same point on every machine.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "backends/api/redis_client.h"

struct lua_State;

namespace lockscope::redis::model {

class LuaEngine {
 public:
  // Runs one command for the script (redis.call); never EVAL.
  using Call = std::function<Reply(const Command&)>;

  // One interpreter per thread serves every model instance that thread runs: scripts can keep
  // nothing in it (globals are read-only), so sharing it is invisible, and a run pays for
  // creating an interpreter once per thread rather than once per instance.
  static LuaEngine& ofThisThread();

  LuaEngine(const LuaEngine&) = delete;
  LuaEngine& operator=(const LuaEngine&) = delete;
  ~LuaEngine();

  // EVAL's work after its arguments were checked. `literal`: the source lives as long as the
  // program (a lock script's), so its address names it. `randomState` is the instance's
  // math.random state (kFreshRandomState on a fresh server).
  Reply eval(std::string_view source, bool literal, std::span<const std::string> keys,
             std::span<const std::string> args, const Call& call, uint64_t& randomState);

  // SCRIPT LOAD's check: the error reply's text when `source` does not compile ("ERR Error
  // compiling script (new function): ..."), nothing when it does (and it stays compiled).
  std::optional<std::string> compileError(std::string_view source);

  // redisSrand48(0): a fresh server's math.random state.
  static constexpr uint64_t kFreshRandomState = 0x330E;

  // The most a script may take (about a second of this machine's work; the lock scripts take
  // under a hundred instructions and a few kilobytes).
  static constexpr int64_t kInstructionBudget = 100'000'000;
  static constexpr size_t kMemoryLimit = size_t{256} << 20;

  // What the interpreter may still spend: its allocator's and instruction hook's state.
  struct Budget {
    size_t allocated = 0;
    int64_t instructionsLeft = kInstructionBudget;
  };

 private:
  LuaEngine();
  void installLibraries();
  void protectShared();
  // Pushes the compiled function of `source`, compiling it on first use; false (and the error
  // message pushed instead) when it does not compile.
  bool pushCompiled(std::string_view source, bool literal);
  // Sets the global KEYS or ARGV to a new array of `values`.
  void setArray(const char* name, std::span<const std::string> values);

  Budget budget_;  // before lua_: the interpreter allocates through it from its first byte
  lua_State* lua_;
  std::unordered_map<std::string, int> compiled_;  // source -> registry reference
  // The literal sources compiled so far (the lock scripts: a handful), found by address.
  std::vector<std::pair<const char*, int>> literals_;
  // During eval(): what redis.call runs, and the instance's generator.
  const Call* call_ = nullptr;
  uint64_t* randomState_ = nullptr;

  friend struct LuaLibrary;
};

}  // namespace lockscope::redis::model
