// The loop of `lockscope-cli redis-shell`: reads redis-cli lines from a stream and prints what
// redis-cli 7.0 prints for each (its repl(): no prompt unless the input is a terminal, blank
// lines skipped, "Invalid argument(s)" for a line it cannot split, quit and exit end it, a leading
// count repeats a command: "3 incr c").
#pragma once

#include <functional>
#include <iosfwd>
#include <string>

#include "backends/api/redis_client.h"

namespace lockscope::cli {

struct RedisShellIo {
  std::istream& in;
  std::ostream& out;
  // "127.0.0.1:6379> " on a terminal; empty when reading a pipe or a file.
  std::string prompt;
};

// Sends one command and returns its reply. A reply that failed() is printed as redis-cli prints a
// lost connection; the shell goes on with the next line.
using RedisSend = std::function<redis::Reply(const redis::Command&)>;

// Exit code 0 at the end of the input or at quit/exit, as redis-cli.
int runRedisShell(RedisShellIo io, const RedisSend& send);

// One line as the loop runs it, its replies printed to `out`; false when it ends the shell (quit,
// exit). The GUI's redis-cli console types its lines through this.
bool runRedisShellLine(const std::string& line, std::ostream& out, const RedisSend& send);

// The model's address, as the shell's prompt names it.
inline constexpr const char* kModelRedisAddress = "model:6379";
// redis-cli's prompt on a terminal: "127.0.0.1:6379> ".
inline std::string redisPrompt(const std::string& address) { return address + "> "; }

}  // namespace lockscope::cli
