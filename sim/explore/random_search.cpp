#include "random_search.h"

#include <chrono>

#include "sim/engine/random.h"

namespace lockscope::explore {
namespace {

// Durations and clock steps in multiples of the lease: shorter than it (harmless for a correct
// lease), about it, and well past it (the classic GC pause).
constexpr int64_t kLeaseEighths[] = {4, 8, 12, 16, 24};

sim::Micros leaseMultiple(sim::Random& random, sim::Micros lease) {
  return faultDurations(lease)[random.below(std::size(kLeaseEighths))];
}

std::string targetOf(sim::FaultKind kind, const scenario::Scenario& lesson, size_t clients,
                     sim::Random& random) {
  switch (sim::faultInfo(kind).target) {
    case sim::FaultTarget::Client: return lesson.clients[random.below(clients)].name;
    case sim::FaultTarget::RedisInstance:
      return "redis-" + std::to_string(1 + random.below(static_cast<uint64_t>(
                                               std::max(1, lesson.redis.instances))));
    case sim::FaultTarget::Server: return "1";
  }
  return {};
}

AddedFault drawFault(sim::FaultKind kind, const scenario::Scenario& lesson, size_t clients,
                     sim::Micros horizon, sim::Random& random) {
  AddedFault added;
  added.fault.kind = kind;
  added.fault.client = targetOf(kind, lesson, clients, random);
  added.fault.at = sim::fromMillis(
      static_cast<int64_t>(random.below(static_cast<uint64_t>(sim::toMillis(horizon)) + 1)));
  const sim::Micros lease = leaseOf(lesson);
  if (lasts(kind)) added.duration = leaseMultiple(random, lease);
  if (kind == sim::FaultKind::LoseReply) added.fault.applied = random.below(2) == 0;
  if (kind == sim::FaultKind::ClockJump) {
    const int64_t step = sim::toMillis(leaseMultiple(random, lease));
    added.fault.clockJumpMs = random.below(2) == 0 ? step : -step;
  }
  return added;
}

Candidate drawCandidate(const scenario::Scenario& lesson, const FaultBudget& budget,
                        sim::Micros horizon, sim::Random& random) {
  Candidate candidate = lessonAsWritten(lesson);
  candidate.seed = 1 + random.below(1'000'000);  // short enough to read in a lesson file
  std::map<sim::FaultKind, int> left = budget.perKind;
  int room = 0;
  for (const auto& entry : left) room += entry.second;
  room = std::min(room, budget.total);
  const int count = room == 0 ? 0 : 1 + static_cast<int>(random.below(static_cast<uint64_t>(room)));
  for (int index = 0; index < count; ++index) {
    std::vector<sim::FaultKind> open;
    for (const auto& [kind, remaining] : left) {
      if (remaining > 0) open.push_back(kind);
    }
    if (open.empty()) break;
    const sim::FaultKind kind = open[random.below(open.size())];
    --left[kind];
    candidate.faults.push_back(drawFault(kind, lesson, candidate.clients, horizon, random));
  }
  return candidate;
}

}  // namespace

Candidate lessonAsWritten(const scenario::Scenario& lesson) {
  return Candidate{.seed = lesson.seed, .clients = lesson.clients.size(), .faults = {}};
}

std::vector<sim::Micros> faultDurations(sim::Micros lease) {
  std::vector<sim::Micros> durations;
  for (const int64_t eighths : kLeaseEighths)
    durations.push_back(sim::fromMillis(std::max<int64_t>(1, sim::toMillis(lease) * eighths / 8)));
  return durations;
}

sim::Micros leaseOf(const scenario::Scenario& lesson) {
  if (lesson.backend == "zookeeper" && !lesson.clients.empty())
    return sim::fromMillis(lesson.clients.front().sessionTimeoutMs);
  return sim::fromMillis(lesson.recipeParameters.ttlMs);
}

SearchResult randomSearch(const scenario::Scenario& lesson, const RandomSearchOptions& options,
                          const ScenarioRunner& runner) {
  return searchDrawnCandidates(
      lesson, options,
      [&runner](uint64_t, const scenario::Scenario& applied) { return runner(applied); });
}

SearchResult searchDrawnCandidates(const scenario::Scenario& lesson,
                                   const RandomSearchOptions& options, const CandidateRun& runOne) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point started = Clock::now();
  SearchResult result;
  sim::Random random(options.exploreSeed);
  for (uint64_t run = 0; run < options.runs; ++run) {
    if (options.timeLimitSeconds > 0 &&
        std::chrono::duration<double>(Clock::now() - started).count() > options.timeLimitSeconds) {
      result.timedOut = true;
      break;
    }
    if (options.keepGoing && !options.keepGoing(run)) {
      result.cancelled = true;
      break;
    }
    const Candidate candidate = run == 0
                                    ? lessonAsWritten(lesson)
                                    : drawCandidate(lesson, options.budget, result.horizon, random);
    const run::RunReport report = runOne(run, applyCandidate(lesson, candidate));
    ++result.runs;
    // Faults go anywhere in the span of the lesson as written (at least a millisecond).
    if (run == 0)
      result.horizon = std::max<sim::Micros>(sim::fromMillis(1),
                                             report.virtualTime - report.origin);
    if (const auto violation = options.hunt.first(report.verdict)) {
      result.found = Found{candidate, *violation, run};
      break;
    }
  }
  return result;
}

}  // namespace lockscope::explore
