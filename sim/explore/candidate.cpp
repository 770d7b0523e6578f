#include "candidate.h"

#include <algorithm>

namespace lockscope::explore {

bool lasts(sim::FaultKind kind) {
  return kind == sim::FaultKind::Pause || kind == sim::FaultKind::Partition;
}

scenario::Scenario applyCandidate(const scenario::Scenario& lesson, const Candidate& candidate) {
  scenario::Scenario changed = lesson;
  changed.seed = candidate.seed;
  if (candidate.clients < changed.clients.size()) changed.clients.resize(candidate.clients);
  changed.narration.clear();
  changed.expectations.clear();
  for (const AddedFault& added : candidate.faults) {
    changed.faults.push_back(added.fault);
    if (!lasts(added.fault.kind)) continue;
    scenario::Fault end = added.fault;
    end.kind = added.fault.kind == sim::FaultKind::Pause ? sim::FaultKind::Resume
                                                         : sim::FaultKind::Heal;
    end.at = added.fault.at + added.duration;
    changed.faults.push_back(end);
  }
  // As the loader orders a lesson's faults: by time, ties in the order written.
  std::stable_sort(changed.faults.begin(), changed.faults.end(),
                   [](const scenario::Fault& a, const scenario::Fault& b) { return a.at < b.at; });
  return changed;
}

std::string describe(const AddedFault& added) {
  const scenario::Fault& fault = added.fault;
  std::string text = std::string(sim::faultKindName(fault.kind)) + " " + fault.client + " at " +
                     std::to_string(sim::toMillis(fault.at)) + " ms";
  if (lasts(fault.kind)) text += " for " + std::to_string(sim::toMillis(added.duration)) + " ms";
  if (fault.kind == sim::FaultKind::LoseReply && !fault.applied) text += " (not applied)";
  if (fault.kind == sim::FaultKind::ClockJump)
    text += " by " + std::to_string(fault.clockJumpMs) + " ms";
  return text;
}

size_t clientsTheLessonNeeds(const scenario::Scenario& lesson) {
  size_t needed = 1;
  for (const scenario::Fault& fault : lesson.faults) {
    if (sim::faultInfo(fault.kind).target != sim::FaultTarget::Client) continue;
    for (size_t index = 0; index < lesson.clients.size(); ++index) {
      if (lesson.clients[index].name == fault.client) needed = std::max(needed, index + 1);
    }
  }
  return needed;
}

}  // namespace lockscope::explore
