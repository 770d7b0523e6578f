#include "zk_shell_main.h"

#include <iostream>

#include "backends/live/live_zookeeper_client.h"
#include "backends/live/real_time_driver.h"
#include "backends/live/server_address.h"
#include "exit_codes.h"
#include "live_option.h"
#include "sim/engine/world.h"
#include "sim/scenario/document_checks.h"
#include "zk_shell.h"
#include "zk_shell_model.h"

namespace lockscope::cli {

namespace {

// zkCli's session timeout when -timeout is not given.
constexpr int64_t kRequestedSessionTimeoutMs = 30'000;
// A live command waits in real time: a server that does not answer within this is lost.
constexpr sim::Micros kLiveCommandBound = sim::fromSeconds(30);

const char* const kUsage =
    "usage: lockscope-cli shell [--seed N] [--extended-types] | --live HOST:PORT[,HOST:PORT...]\n"
    "  Reads zkCli.sh commands from stdin, one per line, and runs them against the model\n"
    "  ZooKeeper, printing what zkCli.sh of ZooKeeper 3.8 prints (docs/zkcli-format.md).\n"
    "  --seed N   the model's seed (it orders getChildren replies; default 1)\n"
    "  --extended-types  the model server takes TTL nodes (create -t), as a real one started\n"
    "             with zookeeper.extendedTypesEnabled=true; without it they are Unimplemented\n"
    "  --live S   a real ZooKeeper instead of the model (exit 3 if unreachable)\n";

// Bad usage is one line (the full usage is for --help, on stdout).
int usage(const std::string& problem) {
  std::cerr << "lockscope-cli shell: " << scenario::singleLine(problem)
            << " (lockscope-cli shell --help for usage)\n";
  return kExitBadInput;
}

}  // namespace

int shellCommand(const QStringList& arguments) {
  std::vector<std::string> words;
  for (qsizetype i = 1; i < arguments.size(); ++i) words.push_back(arguments[i].toStdString());
  return runZkShell(words);
}

int runLiveZkShell(const std::string& servers) {
  sim::World world(1);
  live::WorldInbox inbox;
  live::HandleCloser closer;  // after the inbox, before the shell: see the destruction order
  live::RealTimeDriver driver(world, inbox);
  int clientsMade = 0;
  auto open = [&](const std::string& host) {
    return std::make_unique<live::LiveZooKeeperClient>(world, inbox, closer, nullptr,
                                                       "zkCli-" + std::to_string(++clientsMade),
                                                       host, kRequestedSessionTimeoutMs);
  };
  // The first session is the reachability check: a separate probe session would cost the server
  // two transactions and shift every zxid the shell prints.
  std::unique_ptr<zookeeper::ZooKeeperClient> first = open(servers);
  const bool connected = driver.runUntil(
      [&] { return first->state() == zookeeper::SessionState::SyncConnected; },
      world.now() + sim::fromMillis(kLiveConnectTimeoutMs));
  if (!connected) {
    std::cerr << "lockscope-cli shell: cannot reach ZooKeeper at " << servers << " within "
              << kLiveConnectTimeoutMs << " ms\n";
    return kExitUnreachable;
  }
  ZkShell::ClientFactory factory = [&](const std::string& host) {
    return first ? std::move(first) : open(host);
  };
  ZkShell::Driver drive = [&](const std::function<bool()>& done) {
    return driver.runUntil(done, world.now() + kLiveCommandBound);
  };
  ZkShell shell(factory, drive, std::cout, std::cerr);
  shell.start(servers);
  return shell.run(std::cin);
}

int runZkShell(const std::vector<std::string>& arguments) {
  uint64_t seed = 1;
  bool extendedTypes = false;
  for (size_t i = 0; i < arguments.size(); ++i) {
    if (arguments[i] == "--seed" && i + 1 < arguments.size()) {
      try {
        size_t used = 0;
        seed = std::stoull(arguments[++i], &used);
        if (used != arguments[i].size()) return usage("--seed needs a number");
      } catch (...) {
        return usage("--seed needs a number");
      }
    } else if (arguments[i] == "--extended-types") {
      extendedTypes = true;
    } else if (arguments[i] == "--help" || arguments[i] == "-h") {
      std::cout << kUsage;
      return kExitOk;
    } else if (arguments[i] == "--live" && i + 1 < arguments.size()) {
      // A malformed list is bad input (exit 2), not an unreachable server (exit 3).
      if (const auto parsed = live::parseServerList(arguments[++i]); !parsed)
        return usage("--live: " + parsed.message());
      return runLiveZkShell(arguments[i]);
    } else {
      return usage("unknown argument '" + arguments[i] + "'");
    }
  }

  return runModelZkShell(std::cin, std::cout, std::cerr, seed, extendedTypes);
}

}  // namespace lockscope::cli
