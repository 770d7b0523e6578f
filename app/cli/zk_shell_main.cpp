#include "zk_shell_main.h"

#include <iostream>

#include "backends/model/zookeeper/zookeeper_model.h"
#include "exit_codes.h"
#include "sim/engine/world.h"
#include "zk_shell.h"

namespace lockscope::cli {

namespace {

// zkCli's session timeout when -timeout is not given.
constexpr int64_t kRequestedSessionTimeoutMs = 30'000;
// How much virtual time one command may take before the shell gives up on it. Generous: a
// command over the model takes milliseconds; only a lost server would exceed it.
constexpr sim::Micros kCommandBound = sim::fromSeconds(120);

const char* const kUsage =
    "usage: lockscope-cli shell [--seed N]\n"
    "  Reads zkCli.sh commands from stdin, one per line, and runs them against the model\n"
    "  ZooKeeper, printing what zkCli.sh of ZooKeeper 3.8 prints (docs/zkcli-format.md).\n"
    "  --seed N   the model's seed (it orders getChildren replies; default 1)\n";

int usage(const std::string& problem) {
  std::cerr << "lockscope-cli shell: " << problem << "\n" << kUsage;
  return kExitBadInput;
}

}  // namespace

int shellCommand(const QStringList& arguments) {
  std::vector<std::string> words;
  for (qsizetype i = 1; i < arguments.size(); ++i) words.push_back(arguments[i].toStdString());
  return runZkShell(words);
}

int runZkShell(const std::vector<std::string>& arguments) {
  uint64_t seed = 1;
  for (size_t i = 0; i < arguments.size(); ++i) {
    if (arguments[i] == "--seed" && i + 1 < arguments.size()) {
      try {
        size_t used = 0;
        seed = std::stoull(arguments[++i], &used);
        if (used != arguments[i].size()) return usage("--seed needs a number");
      } catch (...) {
        return usage("--seed needs a number");
      }
    } else if (arguments[i] == "--help" || arguments[i] == "-h") {
      std::cout << kUsage;
      return kExitOk;
    } else if (arguments[i] == "--live") {
      return usage("--live is not available yet; the shell runs over the model");
    } else {
      return usage("unknown argument '" + arguments[i] + "'");
    }
  }

  sim::World world(seed);
  zookeeper::model::ZooKeeperModel model(world);
  int clientsMade = 0;
  ZkShell::ClientFactory factory = [&](const std::string&) {
    // One client process per session: each `connect` is a fresh zkCli handle.
    return model.connect("zkCli-" + std::to_string(++clientsMade), kRequestedSessionTimeoutMs);
  };
  ZkShell::Driver driver = [&](const std::function<bool()>& done) {
    return world.runUntil(done, world.now() + kCommandBound);
  };
  ZkShell shell(factory, driver, std::cout, std::cerr);
  shell.start("model:2181");
  return shell.run(std::cin);
}

}  // namespace lockscope::cli
