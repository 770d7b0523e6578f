#include "scenario_run.h"

#include <algorithm>
#include <map>
#include <memory>

#include "backends/model/zookeeper/zookeeper_model.h"
#include "model_connector.h"
#include "redis_world.h"
#include "run_progress.h"
#include "sim/checkers/run_judge.h"
#include "sim/clients/lock_client.h"
#include "sim/scenario/expectations.h"
#include "sim/trace/sink_thread.h"
#include "sim/trace/trace_sinks.h"

namespace lockscope::run {
namespace {

using scenario::Fault;

// Creates the lock's parent znodes (and their parents) before any client starts.
class Setup {
 public:
  Setup(sim::World& world, zookeeper::model::ZooKeeperModel& model) : world_(world), model_(model) {}

  void createPaths(const std::vector<std::string>& paths, int64_t sessionTimeoutMs) {
    auto client = model_.connect("setup", sessionTimeoutMs);
    for (const std::string& path : paths) {
      for (size_t slash = path.find('/', 1);; slash = path.find('/', slash + 1)) {
        const std::string prefix = path.substr(0, slash);
        bool answered = false;
        client->create(prefix, "", zookeeper::CreateMode::Persistent,
                       [&answered](zookeeper::ErrorCode, const std::string&, const zookeeper::Stat&) {
                         answered = true;
                       });
        world_.runUntil([&answered] { return answered; }, world_.now() + sim::fromSeconds(60));
        if (slash == std::string::npos) break;
      }
    }
    bool closed = false;
    client->close([&closed](zookeeper::ErrorCode) { closed = true; });
    world_.runUntil([&closed] { return closed; }, world_.now() + sim::fromSeconds(60));
  }

 private:
  sim::World& world_;
  zookeeper::model::ZooKeeperModel& model_;
};

// What a client locks: its lock paths (zk-multilock takes several), or its Redis key.
std::vector<std::string> locksOf(const recipes::RecipeParameters& parameters, const scenario::Scenario& scenario) {
  if (scenario.backend == "redis") return {parameters.lockKey};
  if (scenario.recipe == "zk-multilock" && !parameters.lockPaths.empty()) return parameters.lockPaths;
  return {parameters.lockPath};
}

// Each client's locks, when they do not all lock the same (then each lock path protects data of
// its own and is judged on its own); empty when they do.
std::map<std::string, std::vector<std::string>> separateLocks(const scenario::Scenario& scenario) {
  std::map<std::string, std::vector<std::string>> locks;
  bool same = true;
  for (const auto& spec : scenario.clients) {
    std::vector<std::string> own = locksOf(spec.parameters.value_or(scenario.recipeParameters), scenario);
    same = same && (locks.empty() || locks.begin()->second == own);
    locks[spec.name] = std::move(own);
  }
  if (same) locks.clear();
  return locks;
}

class ScenarioRun {
 public:
  ScenarioRun(const scenario::Scenario& scenario, const RunOptions& options)
      : scenario_(scenario),
        recipe_(*recipes::findRecipe(scenario.recipe)),
        world_(scenario.seed),
        offThreadSinks_(checkers::JudgeOptions{recipe_.fair, separateLocks(scenario)}),
        progress_(scenario.clients.size()),
        narration_(scenario.narration, 0),
        model_(world_, modelConfig(scenario)),
        connector_(model_),
        resource_(world_, scenario.fencedResource) {
    resource_.separate(separateLocks(scenario));
    world_.trace().addSink(&offThread_);  // the hash and the checkers
    world_.trace().addSink(&progress_);
    world_.trace().addSink(&narration_);
    for (sim::TraceSink* sink : options.sinks) world_.trace().addSink(sink);
    // After the sinks: the instances' first events (role, clock) are part of the trace. A live
    // backend brings its own instances (live Redis servers) and no model of them.
    if (options.backend) {
      backend_ = options.backend(world_);
    } else if (scenario.backend == "redis") {
      redis_ = std::make_unique<RedisWorld>(world_, scenario);
    }
  }

  RunReport run() {
    // The parents of the locks the clients take, and no others (an unused /lock would be drawn).
    std::vector<std::string> paths;
    for (const auto& spec : scenario_.clients) {
      const std::vector<std::string> locks = locksOf(spec.parameters.value_or(scenario_.recipeParameters), scenario_);
      paths.insert(paths.end(), locks.begin(), locks.end());
    }
    std::sort(paths.begin(), paths.end());
    paths.erase(std::unique(paths.begin(), paths.end()), paths.end());
    if (backend_) {
      backend_->preparePaths(paths, scenario_.clients.front().sessionTimeoutMs);
      backend_->prepareClients(scenario_.clients);
    } else if (!redis_) {
      Setup(world_, model_).createPaths(paths, scenario_.clients.front().sessionTimeoutMs);
    }
    const sim::Micros origin = world_.now();
    narration_.setOrigin(origin);

    for (clients::ClientSpec spec : scenario_.clients) {
      spec.startAt += origin;
      const recipes::RecipeParameters parameters = spec.parameters.value_or(scenario_.recipeParameters);
      clients::ZooKeeperConnector& connector =
          backend_ ? backend_->connector() : redis_ ? redis_->connector() : connector_;
      clients_.push_back(std::make_unique<clients::LockClient>(world_, connector, recipe_, parameters,
                                                               std::move(spec), resource_));
      clients_.back()->start();
    }
    sim::Micros lastFault = origin;
    for (const Fault& fault : scenario_.faults) {
      lastFault = std::max(lastFault, origin + fault.at);
      world_.at(origin + fault.at, [this, &fault] { inject(fault); });
    }

    const sim::Micros deadline = origin + scenario_.maxVirtualTime;
    std::string endReason = "time limit";
    BackendStop backendStop;
    const std::function<bool()> finished = [&] {
      if (progress_.allFinished()) {
        endReason = "all clients done";
        return true;
      }
      const sim::Micros quietSince = std::max(progress_.lastProgress(), lastFault);
      if (world_.now() - quietSince > scenario_.stallWindow) {
        endReason = "stalled";
        return true;
      }
      return false;
    };
    if (backend_) {
      backend_->runUntil(finished, deadline);
      backendStop = backend_->stopped();
      if (backendStop.kind != BackendStop::Kind::None) endReason = backendStop.reason;
    } else {
      world_.runUntil(finished, deadline);
    }

    RunReport report;
    report.scenario = scenario_.file;
    report.title = scenario_.title;
    report.seed = scenario_.seed;
    report.recipe = scenario_.recipe;
    if (backend_) report.backend = backend_->name();
    report.clients = scenario_.clients.size();
    offThread_.finish();  // the hasher and the judge have seen every event; they are ours again
    report.verdict = offThreadSinks_.judge.finish(world_.now());
    report.unmetExpectations = scenario::unmetExpectations(scenario_, report.verdict);
    report.events = world_.trace().eventCount();
    report.virtualTime = world_.now();
    report.endReason = endReason;
    report.backendStop = backendStop;
    report.traceSha256 = offThreadSinks_.hasher.finishHex();
    report.origin = origin;
    report.narration = narration_.moments();
    return report;
  }

 private:
  static zookeeper::model::ModelConfig modelConfig(const scenario::Scenario& scenario) {
    zookeeper::model::ModelConfig config;
    config.server.tickTimeMs = scenario.tickTimeMs;
    config.latency = scenario.latency;
    return config;
  }

  clients::LockClient* client(const std::string& name) {
    for (auto& candidate : clients_) {
      if (candidate->name() == name) return candidate.get();
    }
    return nullptr;
  }

  void inject(const Fault& fault) {
    world_.record({.kind = sim::TraceKind::Fault, .actor = fault.client,
                   .op = scenario::faultKindName(fault.kind),
                   .detail = fault.kind == Fault::Kind::LoseReply
                                 ? (fault.applied ? "applied" : "not applied")
                                 : fault.kind == Fault::Kind::ClockJump
                                       ? std::to_string(fault.clockJumpMs) + " ms"
                                       : ""});
    if (backend_) {
      backend_->inject(fault, client(fault.client));
      return;
    }
    if (redis_ && redis_->inject(fault)) return;
    if (fault.kind == Fault::Kind::KillServer || fault.kind == Fault::Kind::RestartServer) {
      // The model is one server standing for the whole service: any kill stops it, any restart
      // brings it back (an ensemble that lost its quorum, or its leader until the election).
      if (fault.kind == Fault::Kind::KillServer) model_.server().stop();
      else model_.server().start();
      return;
    }
    sim::Process* process = redis_ ? redis_->process(fault.client) : model_.process(fault.client);
    clients::LockClient* target = client(fault.client);
    if (!process || !target) {
      world_.record({.kind = sim::TraceKind::Note, .actor = fault.client,
                     .detail = "fault ignored: the client has not started"});
      return;
    }
    switch (fault.kind) {
      case Fault::Kind::Crash: process->crash(); break;
      case Fault::Kind::Restart:
        if (process->state() == sim::Process::State::Crashed) {
          process->restart();
          target->restart();
        }
        break;
      case Fault::Kind::Pause: process->pause(); break;
      case Fault::Kind::Resume: process->resume(); break;
      case Fault::Kind::Partition:
      case Fault::Kind::Heal:
        if (redis_) {
          redis_->deployment().partitionClient(fault.client, fault.kind == Fault::Kind::Partition);
        } else if (fault.kind == Fault::Kind::Partition) {
          model_.connection(fault.client)->cut();
        } else {
          model_.connection(fault.client)->restore();
        }
        break;
      case Fault::Kind::ExpireSession:
        if (target->session()) model_.server().expireSession(target->session()->sessionId());
        break;
      case Fault::Kind::KillServer:
      case Fault::Kind::RestartServer:
        break;  // handled above
      case Fault::Kind::LoseReply:
        if (auto* session = dynamic_cast<zookeeper::model::ModelClient*>(target->session())) {
          session->session().loseNextReply(fault.applied);
        }
        break;
      default: break;  // instance faults: RedisWorld::inject
    }
  }

  const scenario::Scenario& scenario_;
  const recipes::RecipeDescription& recipe_;
  sim::World world_;
  // Only read at the end of the run: they see the trace on a thread of their own meanwhile. That
  // thread writes them for every event, so they get cache lines of their own: sharing one with
  // the world's clock and event count (declared just before) bounced the line between the cores
  // on every event, and cost the herd more than the thread saved.
  struct alignas(64) OffThreadSinks {
    explicit OffThreadSinks(checkers::JudgeOptions options) : judge(options) {}
    sim::TraceHasher hasher;
    checkers::RunJudge judge;
  } offThreadSinks_;
  sim::SinkThread offThread_{{&offThreadSinks_.hasher, &offThreadSinks_.judge}};
  RunProgress progress_;
  NarrationTracker narration_;
  zookeeper::model::ZooKeeperModel model_;
  ModelConnector connector_;
  clients::ProtectedResource resource_;
  std::unique_ptr<RedisWorld> redis_;  // backend: redis
  std::unique_ptr<RunBackend> backend_;  // declared before the clients: it outlives them
  std::vector<std::unique_ptr<clients::LockClient>> clients_;
};

}  // namespace

RunReport runScenario(const scenario::Scenario& scenario, const RunOptions& options) {
  return ScenarioRun(scenario, options).run();
}

}  // namespace lockscope::run
