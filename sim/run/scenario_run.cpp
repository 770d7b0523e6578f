#include "scenario_run.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>

#include "run_progress.h"
#include "sim/checkers/run_judge.h"
#include "sim/clients/lock_client.h"
#include "sim/engine/schedule_chooser.h"
#include "sim/scenario/expectations.h"
#include "sim/trace/sink_thread.h"
#include "sim/trace/trace_sinks.h"

namespace lockscope::run {
namespace {

using scenario::Fault;

// What a client locks: its lock paths (zk-multilock takes several), or its Redis key or database
// lock name.
std::vector<std::string> locksOf(const recipes::RecipeParameters& parameters,
                                 const scenario::Scenario& scenario) {
  // Redis keys and database lock names (a locks row, a fence_tokens row) are lock_key.
  if (scenario.backend == "redis" || scenario.backend == "database") return {parameters.lockKey};
  if (scenario.recipe == "zk-multilock" && !parameters.lockPaths.empty())
    return parameters.lockPaths;
  return {parameters.lockPath};
}

// Each client's locks, when they do not all lock the same (then each lock path protects data of
// its own and is judged on its own); empty when they do.
std::map<std::string, std::vector<std::string>> separateLocks(const scenario::Scenario& scenario) {
  std::map<std::string, std::vector<std::string>> locks;
  bool same = true;
  for (const auto& spec : scenario.clients) {
    std::vector<std::string> own = locksOf(spec.parameters.value_or(scenario.recipeParameters),
                                           scenario);
    same = same && (locks.empty() || locks.begin()->second == own);
    locks[spec.name] = std::move(own);
  }
  if (same) locks.clear();
  return locks;
}

// The explorer's chooser when it gives one; else the lesson's pinned schedule; else its seed.
std::unique_ptr<sim::Chooser> chooserFor(const scenario::Scenario& scenario,
                                         const RunOptions& options) {
  if (options.chooser) return options.chooser(scenario.seed);
  if (scenario.schedule)
    return std::make_unique<sim::ScheduleChooser>(scenario.seed, *scenario.schedule);
  return std::make_unique<sim::RandomChooser>(scenario.seed);
}

class ScenarioRun {
 public:
  ScenarioRun(const scenario::Scenario& scenario, const RunOptions& options)
      : scenario_(scenario),
        recipe_(*recipes::findRecipe(scenario.recipe)),
        world_(scenario.seed, chooserFor(scenario, options)),
        offThreadSinks_(
            checkers::JudgeOptions{recipe_.fair, recipe_.excludes, separateLocks(scenario)}),
        progress_(scenario.clients.size()),
        narration_(scenario.narration, 0),
        resource_(world_, scenario.fencedResource) {
    resource_.separate(separateLocks(scenario));
    if (options.judgeOnRunThread) {
      world_.trace().addSink(&offThreadSinks_.hasher);
      world_.trace().addSink(&offThreadSinks_.judge);
    } else {
      offThread_.emplace(
          std::vector<sim::TraceSink*>{&offThreadSinks_.hasher, &offThreadSinks_.judge});
      world_.trace().addSink(&*offThread_);  // the hash and the checkers
    }
    world_.trace().addSink(&progress_);
    world_.trace().addSink(&narration_);
    for (sim::TraceSink* sink : options.sinks) world_.trace().addSink(sink);
    // After the sinks: what the backend records when it is made (a Redis deployment's instances,
    // their role and clock) is part of the trace.
    backend_ = options.backend(world_);
  }

  RunReport run() {
    // The parents of the locks the clients take, and no others (an unused /lock would be drawn).
    std::vector<std::string> paths;
    for (const auto& spec : scenario_.clients) {
      const std::vector<std::string> locks = locksOf(
          spec.parameters.value_or(scenario_.recipeParameters), scenario_);
      paths.insert(paths.end(), locks.begin(), locks.end());
    }
    std::sort(paths.begin(), paths.end());
    paths.erase(std::unique(paths.begin(), paths.end()), paths.end());
    backend_->preparePaths(paths, scenario_.clients.front().sessionTimeoutMs);
    backend_->prepareClients(scenario_.clients);
    const sim::Micros origin = world_.now();
    narration_.setOrigin(origin);

    for (clients::ClientSpec spec : scenario_.clients) {
      spec.startAt += origin;
      const recipes::RecipeParameters parameters = spec.parameters.value_or(
          scenario_.recipeParameters);
      clients_.push_back(std::make_unique<clients::LockClient>(
          world_, backend_->connector(), recipe_, parameters, std::move(spec), resource_));
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
    backend_->runUntil(finished, deadline);
    backendStop = backend_->stopped();
    if (backendStop.kind != BackendStop::Kind::None) endReason = backendStop.reason;

    RunReport report;
    report.scenario = scenario_.file;
    report.title = scenario_.title;
    report.seed = scenario_.seed;
    report.recipe = scenario_.recipe;
    report.backend = backend_->name();
    report.clients = scenario_.clients.size();
    // The hasher and the judge have seen every event; they are ours again.
    if (offThread_) offThread_->finish();
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
  clients::LockClient* client(const std::string& name) {
    for (auto& candidate : clients_) {
      if (candidate->name() == name) return candidate.get();
    }
    return nullptr;
  }

  void inject(const Fault& fault) {
    world_.record({.kind = sim::TraceKind::Fault,
                   .actor = fault.client,
                   .op = fault.kind,
                   .detail = fault.kind == Fault::Kind::LoseReply
                                 ? (fault.applied ? "applied" : "not applied")
                             : fault.kind == Fault::Kind::ClockJump
                                 ? std::to_string(fault.clockJumpMs) + " ms"
                                 : ""});
    backend_->inject(fault, client(fault.client));
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
  std::optional<sim::SinkThread> offThread_;  // unless judgeOnRunThread
  RunProgress progress_;
  NarrationTracker narration_;
  clients::ProtectedResource resource_;
  std::unique_ptr<RunBackend> backend_;  // declared before the clients: it outlives them
  std::vector<std::unique_ptr<clients::LockClient>> clients_;
};

}  // namespace

RunReport runScenario(const scenario::Scenario& scenario, const RunOptions& options) {
  if (!options.backend)
    throw std::invalid_argument(
        "runScenario: RunOptions.backend is required (backends::backendFor)");
  return ScenarioRun(scenario, options).run();
}

}  // namespace lockscope::run
