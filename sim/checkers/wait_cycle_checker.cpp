#include "wait_cycle_checker.h"

#include <algorithm>

namespace lockscope::checkers {
namespace {

// "cycle c1 -> c2 -> c1" -> {c1, c2}.
std::vector<std::string> cycleMembers(std::string_view detail) {
  std::vector<std::string> members;
  constexpr std::string_view kPrefix = "cycle ";
  if (detail.substr(0, kPrefix.size()) != kPrefix) return members;
  detail.remove_prefix(kPrefix.size());
  while (!detail.empty()) {
    const size_t arrow = detail.find(" -> ");
    const std::string name(detail.substr(0, arrow));
    if (std::find(members.begin(), members.end(), name) == members.end()) members.push_back(name);
    if (arrow == std::string_view::npos) break;
    detail.remove_prefix(arrow + 4);
  }
  return members;
}

}  // namespace

void WaitCycleChecker::onEvent(const sim::TraceEvent& event) {
  if (event.kind == sim::TraceKind::RowLock) {
    const auto op = event.op.as<sim::RowLockOp>();
    if (op == sim::RowLockOp::Waiting) {
      waitingSince_[std::string(event.actor)] = event.time;
    } else if (op == sim::RowLockOp::Victim) {
      cycleOfVictim_[std::string(event.actor)] = cycleMembers(event.detail);
    }
    return;
  }
  if (event.kind != sim::TraceKind::Reply || !event.op.is<sim::SqlOp>() ||
      event.rc != kDeadlockReplyRc)
    return;
  const std::string victim(event.actor);
  std::vector<std::string> members = {victim};
  if (const auto found = cycleOfVictim_.find(victim); found != cycleOfVictim_.end()) {
    if (!found->second.empty()) members = found->second;
    cycleOfVictim_.erase(found);
  }
  sim::Micros closed = 0;
  for (const std::string& member : members) {
    if (const auto since = waitingSince_.find(member); since != waitingSince_.end())
      closed = std::max(closed, since->second);
  }
  std::sort(members.begin(), members.end());
  cycles_.push_back(Violation{"wait_cycle", closed, event.time, std::move(members),
                              "the database chose " + victim + " as the deadlock's victim"});
}

}  // namespace lockscope::checkers
