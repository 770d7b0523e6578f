#include "systematic_search.h"

#include <algorithm>
#include <chrono>
#include <deque>
#include <set>
#include <unordered_set>

#include "random_search.h"

namespace lockscope::explore {
namespace {

struct Node {
  std::vector<uint32_t> faults;  // indices into the fault menu, increasing
  std::vector<uint32_t> schedule;
  int deviations() const { return static_cast<int>(faults.size() + schedule.size()); }
};

// Collects the distinct times of a run's trace events.
class EventTimes final : public sim::TraceSink {
 public:
  void onEvent(const sim::TraceEvent& event) override { times.insert(event.time); }
  std::set<sim::Micros> times;
};

std::vector<std::string> targetsOf(sim::FaultKind kind, const scenario::Scenario& lesson) {
  std::vector<std::string> targets;
  switch (sim::faultInfo(kind).target) {
    case sim::FaultTarget::Client:
      for (const auto& client : lesson.clients) targets.push_back(client.name);
      break;
    case sim::FaultTarget::RedisInstance:
      for (int instance = 1; instance <= std::max(1, lesson.redis.instances); ++instance)
        targets.push_back("redis-" + std::to_string(instance));
      break;
    case sim::FaultTarget::Server: targets.push_back("1"); break;
  }
  return targets;
}

// The variants of one fault of `kind` at `at` on `target`.
void addVariants(sim::FaultKind kind, sim::Micros at, const std::string& target,
                 const std::vector<sim::Micros>& durations, std::vector<AddedFault>& menu) {
  AddedFault added;
  added.fault.kind = kind;
  added.fault.client = target;
  added.fault.at = at;
  if (lasts(kind)) {
    for (const sim::Micros duration : durations) {
      added.duration = duration;
      menu.push_back(added);
    }
  } else if (kind == sim::FaultKind::LoseReply) {
    for (const bool applied : {true, false}) {
      added.fault.applied = applied;
      menu.push_back(added);
    }
  } else if (kind == sim::FaultKind::ClockJump) {
    for (const sim::Micros step : durations) {
      for (const int sign : {1, -1}) {
        added.fault.clockJumpMs = sign * sim::toMillis(step);
        menu.push_back(added);
      }
    }
  } else {
    menu.push_back(added);
  }
}

Candidate candidateOf(const scenario::Scenario& lesson, const Node& node,
                      const std::vector<AddedFault>& menu) {
  Candidate candidate = lessonAsWritten(lesson);
  for (const uint32_t index : node.faults) candidate.faults.push_back(menu[index]);
  return candidate;
}

bool withinBudget(const Node& node, sim::FaultKind kind, const std::vector<AddedFault>& menu,
                  const FaultBudget& budget) {
  if (static_cast<int>(node.faults.size()) >= budget.total) return false;
  const auto allowed = budget.perKind.find(kind);
  if (allowed == budget.perKind.end()) return false;
  int used = 0;
  for (const uint32_t index : node.faults) used += menu[index].fault.kind == kind;
  return used < allowed->second;
}

// The node's children, in the order they are to be visited: faults first (only while the node
// has no schedule deviation, so that each combination is generated once), then a deviation at
// each branching decision after the node's last one.
std::vector<Node> childrenOf(const Node& node, const std::vector<sim::BranchingDecision>& record,
                             const std::vector<AddedFault>& menu, const FaultBudget& budget) {
  std::vector<Node> children;
  if (node.schedule.empty()) {
    const uint32_t first = node.faults.empty() ? 0 : node.faults.back() + 1;
    for (uint32_t index = first; index < menu.size(); ++index) {
      if (!withinBudget(node, menu[index].fault.kind, menu, budget)) continue;
      Node child = node;
      child.faults.push_back(index);
      children.push_back(std::move(child));
    }
  }
  for (const sim::BranchingDecision& decision : record) {
    if (!node.schedule.empty() && decision.index <= node.schedule.back()) continue;
    Node child = node;
    child.schedule.push_back(decision.index);
    children.push_back(std::move(child));
  }
  return children;
}

}  // namespace

ChooserFactory scheduleFactory(std::vector<uint32_t> schedule,
                               std::vector<sim::BranchingDecision>* record) {
  return [schedule = std::move(schedule), record](uint64_t seed) {
    return std::make_unique<sim::ScheduleChooser>(seed, schedule, record);
  };
}

std::vector<AddedFault> faultMenu(const scenario::Scenario& lesson, const FaultBudget& budget,
                                  const std::vector<sim::Micros>& times) {
  const std::vector<sim::Micros> durations = faultDurations(leaseOf(lesson));
  std::vector<AddedFault> menu;
  for (const sim::Micros at : times) {
    for (const auto& [kind, count] : budget.perKind) {
      if (count <= 0) continue;
      for (const std::string& target : targetsOf(kind, lesson))
        addVariants(kind, at, target, durations, menu);
    }
  }
  return menu;
}

SystematicResult systematicSearch(const scenario::Scenario& lesson,
                                  const SystematicOptions& options, const ScheduledRunner& runner) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point started = Clock::now();
  SystematicResult result;
  std::vector<AddedFault> menu;
  std::unordered_set<std::string> traces;
  std::deque<Node> open{Node{}};
  while (!open.empty()) {
    if (options.timeLimitSeconds > 0 &&
        std::chrono::duration<double>(Clock::now() - started).count() > options.timeLimitSeconds) {
      result.timedOut = true;
      return result;
    }
    if (options.keepGoing && !options.keepGoing(result.runs)) {
      result.cancelled = true;
      return result;
    }
    Node node;
    if (options.order == SearchOrder::BreadthFirst) {
      node = std::move(open.front());
      open.pop_front();
    } else {
      node = std::move(open.back());
      open.pop_back();
    }
    const Candidate candidate = candidateOf(lesson, node, menu);
    std::vector<sim::BranchingDecision> record;
    EventTimes times;
    const bool root = result.runs == 0;
    run::RunReport report = runner(applyCandidate(lesson, candidate),
                                   scheduleFactory(node.schedule, &record),
                                   root ? &times : nullptr);
    ++result.runs;
    traces.insert(report.traceSha256);
    if (root) {
      // Faults go where the default run has events: whole milliseconds from the clients' start.
      std::set<sim::Micros> at;
      for (const sim::Micros time : times.times) {
        if (time >= report.origin) at.insert(sim::fromMillis(sim::toMillis(time - report.origin)));
      }
      menu = faultMenu(lesson, options.budget, {at.begin(), at.end()});
      result.faultChoices = menu.size();
      result.defaultDecisions = static_cast<uint32_t>(record.size());
    }
    if (const auto violation = options.hunt.first(report.verdict)) {
      result.found = SystematicFound{candidate, node.schedule, *violation, std::move(report),
                                     result.runs - 1};
      result.distinctTraces = traces.size();
      return result;
    }
    if (node.deviations() >= options.depth) continue;
    std::vector<Node> children = childrenOf(node, record, menu, options.budget);
    if (options.order == SearchOrder::BreadthFirst) {
      for (Node& child : children) open.push_back(std::move(child));
    } else {
      // The stack's top is the first child.
      for (auto child = children.rbegin(); child != children.rend(); ++child)
        open.push_back(std::move(*child));
    }
  }
  result.exhausted = true;
  result.distinctTraces = traces.size();
  return result;
}

}  // namespace lockscope::explore
