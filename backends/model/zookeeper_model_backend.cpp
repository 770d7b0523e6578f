#include "zookeeper_model_backend.h"

#include <utility>

#include "process_faults.h"

namespace lockscope::model {
namespace {

using scenario::Fault;

// Runs the world until `answered` holds: the setup session's requests, one at a time.
void awaitAnswer(sim::World& world, const bool& answered) {
  world.runUntil([&answered] { return answered; }, world.now() + sim::fromSeconds(60));
}

}  // namespace

ZooKeeperModelBackend::ZooKeeperModelBackend(sim::World& world,
                                             zookeeper::model::ModelConfig config)
    : world_(world), model_(world, config) {}

// Creates the lock's parent znodes (and their parents) before any client starts, through a
// session of its own ("setup") that is closed again: the clients find the tree as a fresh
// ensemble with the paths made would be.
void ZooKeeperModelBackend::preparePaths(const std::vector<std::string>& paths,
                                         int64_t sessionTimeoutMs) {
  auto client = model_.connect("setup", sessionTimeoutMs);
  for (const std::string& path : paths) {
    for (size_t slash = path.find('/', 1);; slash = path.find('/', slash + 1)) {
      const std::string prefix = path.substr(0, slash);
      bool answered = false;
      client->create(prefix, "", zookeeper::CreateMode::Persistent,
                     [&answered](zookeeper::ErrorCode, const std::string&, const zookeeper::Stat&) {
                       answered = true;
                     });
      awaitAnswer(world_, answered);
      if (slash == std::string::npos) break;
    }
  }
  bool closed = false;
  client->close([&closed](zookeeper::ErrorCode) { closed = true; });
  awaitAnswer(world_, closed);
}

void ZooKeeperModelBackend::inject(const Fault& fault, clients::LockClient* client) {
  if (fault.kind == Fault::Kind::KillServer || fault.kind == Fault::Kind::RestartServer) {
    // The model is one server standing for the whole service: any kill stops it, any restart
    // brings it back (an ensemble that lost its quorum, or its leader until the election).
    if (fault.kind == Fault::Kind::KillServer) model_.server().stop();
    else model_.server().start();
    return;
  }
  sim::Process* process = model_.process(fault.client);
  if (!process || !client) {
    noteClientNotStarted(world_, fault.client);
    return;
  }
  if (injectProcessFault(fault, *process, *client)) return;
  switch (fault.kind) {
    case Fault::Kind::Partition: model_.connection(fault.client)->cut(); break;
    case Fault::Kind::Heal: model_.connection(fault.client)->restore(); break;
    case Fault::Kind::ExpireSession:
      if (client->session()) model_.server().expireSession(client->session()->sessionId());
      break;
    case Fault::Kind::LoseReply:
      // Every session of this backend is the model's (its connector made it).
      if (auto* session = dynamic_cast<zookeeper::model::ModelClient*>(client->session())) {
        session->session().loseNextReply(fault.applied);
      }
      break;
    default: break;  // Redis instance faults: the loader only accepts them for backend: redis
  }
}

run::RunBackendFactory zookeeperModelBackend(const scenario::Scenario& scenario) {
  zookeeper::model::ModelConfig config;
  config.server.tickTimeMs = scenario.tickTimeMs;
  config.latency = scenario.latency;
  return [config](sim::World& world) -> std::unique_ptr<run::RunBackend> {
    return std::make_unique<ZooKeeperModelBackend>(world, config);
  };
}

}  // namespace lockscope::model
