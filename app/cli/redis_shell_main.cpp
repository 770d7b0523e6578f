#include "redis_shell_main.h"

#include <unistd.h>

#include <iostream>
#include <string>

#include "backends/live/server_address.h"
#include "exit_codes.h"
#include "redis_shell.h"
#include "redis_shell_live.h"
#include "redis_shell_model.h"
#include "sim/scenario/document_checks.h"

namespace lockscope::cli {
namespace {

const char* const kUsage =
    "usage: lockscope-cli redis-shell [--live HOST:PORT]\n"
    "  Reads redis-cli commands from stdin, one per line, and runs them against the model Redis,\n"
    "  printing what redis-cli 7.0 prints (its terminal format; docs/redis-shell-format.md).\n"
    "  The model's clock follows real time: keys expire as on a server. A WAIT for replicas\n"
    "  (the model has none) moves it on at once instead of blocking.\n"
    "  --live S   a real redis-server instead of the model (exit 3 if unreachable)\n";

int usage(const std::string& problem) {
  std::cerr << "lockscope-cli redis-shell: " << scenario::singleLine(problem)
            << " (lockscope-cli redis-shell --help for usage)\n";
  return kExitBadInput;
}

// redis-cli prompts only when its input is a terminal; a pipe gets replies alone.
std::string promptFor(const std::string& address) {
  return isatty(STDIN_FILENO) ? redisPrompt(address) : std::string();
}

int runLive(const live::ServerAddress& address) {
  RedisShellLive server(address, std::cerr);
  if (!server.connect()) return kExitUnreachable;
  return runRedisShell({std::cin, std::cout, promptFor(address.text())},
                       [&](const redis::Command& argv) { return server.send(argv); });
}

}  // namespace

int redisShellCommand(const QStringList& arguments) {
  std::string liveAddress;
  bool live = false;
  for (qsizetype i = 1; i < arguments.size(); ++i) {
    const std::string word = arguments[i].toStdString();
    if (word == "--help" || word == "-h") {
      std::cout << kUsage;
      return kExitOk;
    }
    if (word == "--live" && i + 1 < arguments.size() && !live) {
      live = true;
      liveAddress = arguments[++i].toStdString();
    } else {
      return usage("unknown argument '" + word + "'");
    }
  }
  if (live) {
    // A malformed address is bad input (exit 2), not an unreachable server (exit 3).
    const auto parsed = live::parseServerList(liveAddress);
    if (!parsed) return usage("--live: " + parsed.message());
    if (parsed->size() != 1) return usage("--live takes one HOST:PORT, as redis-cli -h -p");
    return runLive(parsed->front());
  }
  RedisShellModel model;
  return runRedisShell({std::cin, std::cout, promptFor(kModelRedisAddress)},
                       [&](const redis::Command& argv) {
                         const redis::Reply reply = model.execute(argv);
                         if (reply.failed())
                           std::cerr << "lockscope-cli redis-shell: " << reply.text << "\n";
                         return reply;
                       });
}

}  // namespace lockscope::cli
