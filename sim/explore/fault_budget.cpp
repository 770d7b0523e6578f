#include "fault_budget.h"

#include <algorithm>
#include <charconv>

#include "sim/scenario/service_counterpart.h"

namespace lockscope::explore {
namespace {

// A server fault (every client loses the service at once) or a lone Redis instance's crash says
// nothing about a recipe, so they are explored only when asked for.
bool explorableByDefault(sim::FaultKind kind, const scenario::Scenario& scenario) {
  switch (sim::faultInfo(kind).target) {
    case sim::FaultTarget::Client: return true;
    case sim::FaultTarget::RedisInstance:
      return kind == sim::FaultKind::Failover ? scenario.redis.replicas > 0
                                              : scenario.redis.instances > 1;
    case sim::FaultTarget::Server: return false;
  }
  return false;
}

// The kinds that begin something; their ends (resume, heal, restarts) come with a duration.
bool beginsFault(sim::FaultKind kind) {
  switch (kind) {
    case sim::FaultKind::Resume:
    case sim::FaultKind::Heal:
    case sim::FaultKind::Restart:
    case sim::FaultKind::RestartInstance:
    case sim::FaultKind::RestartServer: return false;
    default: return true;
  }
}

}  // namespace

std::string FaultBudget::describe() const {
  std::string text;
  for (const auto& [kind, count] : perKind) {
    if (!text.empty()) text += ",";
    text += std::string(sim::faultKindName(kind)) + "=" + std::to_string(count);
  }
  if (text.empty()) text = "none";
  return text + " (at most " + std::to_string(total) + " in a run)";
}

std::vector<sim::FaultKind> explorableKinds(const scenario::Scenario& scenario) {
  std::vector<sim::FaultKind> kinds;
  const sim::FaultService service = scenario::modelOf(scenario.backend);
  for (const sim::FaultInfo& info : sim::kFaultKinds) {
    if (!beginsFault(info.kind) || !sim::faultSupported(info.kind, service)) continue;
    if (info.kind == sim::FaultKind::Failover && scenario.redis.replicas == 0) continue;
    kinds.push_back(info.kind);
  }
  return kinds;
}

FaultBudget defaultFaultBudget(const scenario::Scenario& scenario) {
  FaultBudget budget;
  for (const sim::FaultKind kind : explorableKinds(scenario)) {
    if (explorableByDefault(kind, scenario)) budget.perKind[kind] = 1;
  }
  return budget;
}

Result<FaultBudget> parseFaultBudget(std::string_view text, const scenario::Scenario& scenario,
                                     int total) {
  FaultBudget budget;
  budget.total = total;
  const std::vector<sim::FaultKind> explorable = explorableKinds(scenario);
  std::string names;
  for (const sim::FaultKind kind : explorable) names += std::string(" ") + sim::faultKindName(kind);
  size_t start = 0;
  while (start <= text.size()) {
    const size_t comma = std::min(text.find(',', start), text.size());
    const std::string_view item = text.substr(start, comma - start);
    start = comma + 1;
    const size_t equals = item.find('=');
    const std::string_view name = item.substr(0, equals);
    const std::optional<sim::FaultKind> kind = sim::faultKindNamed(name);
    if (!kind || std::find(explorable.begin(), explorable.end(), *kind) == explorable.end()) {
      return Status::failure("unknown or unexplorable fault '" + std::string(name) + "' for " +
                             scenario.backend + "; expected one of:" + names);
    }
    if (budget.perKind.count(*kind) != 0) {
      return Status::failure("fault '" + std::string(name) + "' is named twice");
    }
    int count = 1;
    if (equals != std::string_view::npos) {
      const std::string_view digits = item.substr(equals + 1);
      const auto parsed = std::from_chars(digits.data(), digits.data() + digits.size(), count);
      if (digits.empty() || parsed.ec != std::errc() ||
          parsed.ptr != digits.data() + digits.size() || count < 0 || count > 100) {
        return Status::failure("expected a count from 0 to 100 for '" + std::string(name) +
                               "', got '" + std::string(digits) + "'");
      }
    }
    if (count > 0) budget.perKind[*kind] = count;
  }
  return budget;
}

}  // namespace lockscope::explore
