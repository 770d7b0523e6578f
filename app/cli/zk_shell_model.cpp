#include "zk_shell_model.h"

#include <string>

#include "backends/model/zookeeper/zookeeper_model.h"
#include "sim/engine/world.h"
#include "zk_shell.h"

namespace lockscope::cli {
namespace {

// zkCli's session timeout when -timeout is not given.
constexpr int64_t kRequestedSessionTimeoutMs = 30'000;
// How much virtual time one command may take before the shell gives up on it. Generous: a
// command over the model takes milliseconds; only a lost server would exceed it.
constexpr sim::Micros kCommandBound = sim::fromSeconds(120);

}  // namespace

int runModelZkShell(std::istream& in, std::ostream& out, std::ostream& err, uint64_t seed,
                    bool extendedTypes) {
  sim::World world(seed);
  zookeeper::model::ModelConfig config;
  config.server.extendedTypesEnabled = extendedTypes;
  zookeeper::model::ZooKeeperModel model(world, config);
  int clientsMade = 0;
  ZkShell::ClientFactory factory = [&](const std::string&) {
    // One client process per session: each `connect` is a fresh zkCli handle.
    return model.connect("zkCli-" + std::to_string(++clientsMade), kRequestedSessionTimeoutMs);
  };
  ZkShell::Driver driver = [&](const std::function<bool()>& done) {
    return world.runUntil(done, world.now() + kCommandBound);
  };
  ZkShell shell(factory, driver, out, err);
  shell.start("model:2181");
  return shell.run(in);
}

}  // namespace lockscope::cli
