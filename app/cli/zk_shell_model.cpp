#include "zk_shell_model.h"

namespace lockscope::cli {
namespace {

// zkCli's session timeout when -timeout is not given.
constexpr int64_t kRequestedSessionTimeoutMs = 30'000;
// How much virtual time one command may take before the shell gives up on it. Generous: a
// command over the model takes milliseconds; only a lost server would exceed it.
constexpr sim::Micros kCommandBound = sim::fromSeconds(120);

zookeeper::model::ModelConfig configWith(bool extendedTypes) {
  zookeeper::model::ModelConfig config;
  config.server.extendedTypesEnabled = extendedTypes;
  return config;
}

}  // namespace

ModelZkShell::ModelZkShell(std::ostream& out, std::ostream& err, uint64_t seed, bool extendedTypes)
    : world_(seed),
      model_(world_, configWith(extendedTypes)),
      shell_(
          [this](const std::string&) {
            // One client process per session: each `connect` is a fresh zkCli handle.
            return model_.connect(clientName(++clientsMade_), kRequestedSessionTimeoutMs);
          },
          [this](const std::function<bool()>& done) {
            return world_.runUntil(done, world_.now() + kCommandBound);
          },
          out, err) {}

int runModelZkShell(std::istream& in, std::ostream& out, std::ostream& err, uint64_t seed,
                    bool extendedTypes) {
  ModelZkShell model(out, err, seed, extendedTypes);
  model.start();
  return model.shell().run(in);
}

}  // namespace lockscope::cli
