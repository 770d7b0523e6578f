#include "pct_search.h"

#include <algorithm>

#include "sim/engine/random.h"

namespace lockscope::explore {
namespace {

std::vector<std::string> clientNames(const scenario::Scenario& scenario) {
  std::vector<std::string> names;
  for (const clients::ClientSpec& client : scenario.clients) names.push_back(client.name);
  return names;
}

// The seeded chooser, counting the latency decisions about the clients' lanes as PctChooser
// counts its steps: run 0's draws and trace stay the lesson's own.
class LatencyDecisionCounter final : public sim::Chooser {
 public:
  LatencyDecisionCounter(uint64_t seed, std::vector<std::string> clients, uint64_t& count)
      : seeded_(seed), clients_(std::move(clients)), count_(count) {}

  uint64_t choose(uint64_t count, std::string_view why) override {
    return seeded_.choose(count, why);
  }
  uint64_t chooseFor(uint64_t count, std::string_view why, std::string_view subject) override {
    if (why == "latency" &&
        std::find(clients_.begin(), clients_.end(), clientOfSubject(subject)) != clients_.end())
      ++count_;
    return seeded_.choose(count, why);
  }

 private:
  sim::RandomChooser seeded_;
  std::vector<std::string> clients_;
  uint64_t& count_;
};

// The PCT counterexample's faults under the seeded chooser: at its own seed, then at seeds
// drawn from it, until one shows a violation of the same kind.
std::optional<Found> reproduceSeeded(const scenario::Scenario& lesson, const Found& found,
                                     const ScenarioRunner& seeded, PctReport& report) {
  const Hunt sameKind{{found.violation.kind}};
  Candidate candidate = found.candidate;
  sim::Random seeds(candidate.seed);
  for (uint64_t attempt = 0; attempt < kSeededTries; ++attempt) {
    if (attempt > 0) candidate.seed = 1 + seeds.below(1'000'000);
    ++report.seededRuns;
    const run::RunReport run = seeded(applyCandidate(lesson, candidate));
    if (const auto violation = sameKind.first(run.verdict)) {
      report.reproduced = true;
      report.reproducedSeed = candidate.seed;
      return Found{candidate, *violation, found.run};
    }
  }
  return std::nullopt;
}

}  // namespace

Result<PctExploration> explorePct(const scenario::Scenario& lesson,
                                  const ExplorationRequest& request, int depth,
                                  const RunnerWithChooser& runnerWith) {
  PctExploration result;
  PctReport& report = result.pct;
  report.parameters.depth = depth;
  report.clients = lesson.clients.size();
  const ScenarioRunner seeded = runnerWith({});
  uint64_t latencyDecisions = 0;

  const CandidateRun runOne = [&](uint64_t run, const scenario::Scenario& applied) {
    const std::vector<std::string> names = clientNames(applied);
    if (run == 0) {
      const run::RunReport lessonRun = runnerWith([names, &latencyDecisions](uint64_t seed) {
        return std::make_unique<LatencyDecisionCounter>(seed, names, latencyDecisions);
      })(applied);
      report.parameters.steps = std::max<uint64_t>(1, latencyDecisions);
      return lessonRun;
    }
    ++report.pctRuns;
    const PctParameters parameters = report.parameters;
    return runnerWith([names, parameters](uint64_t seed) {
      return std::make_unique<PctChooser>(seed, names, parameters);
    })(applied);
  };
  Exploration& exploration = result.exploration;
  exploration.search = searchDrawnCandidates(lesson, request.search, runOne);

  const std::optional<Found>& found = exploration.search.found;
  report.runsWithoutBug = report.pctRuns - (found && found->run > 0 ? 1 : 0);
  report.probabilityPerRun = pctProbabilityPerRun(report.clients, report.parameters);
  report.missBound = pctMissBound(report.probabilityPerRun, report.runsWithoutBug);
  if (!found) return result;

  // Run 0 chose as the seeded chooser does: nothing to reproduce.
  std::optional<Found> reproducible = found;
  if (found->run > 0) reproducible = reproduceSeeded(lesson, *found, seeded, report);
  if (!reproducible) return result;
  if (Status written = shrinkAndWrite(lesson, request, *reproducible, seeded, exploration);
      !written)
    return written;
  return result;
}

}  // namespace lockscope::explore
