#include "liveness_checker.h"

#include <algorithm>

namespace lockscope::checkers {

void LivenessChecker::onEvent(const sim::TraceEvent& event, ClientId actor) {
  if (event.kind == sim::TraceKind::Lock) {
    Client& client = clients_[actor];
    client.acquiring = event.op == sim::LockOp::Acquiring;
    if (client.acquiring) client.since = event.time;
  } else if (event.kind == sim::TraceKind::Process) {
    Client& client = clients_[actor];
    if (event.op == sim::ProcessOp::Crashed) client.crashed = true;
    if (event.op == sim::ProcessOp::Restarted) client = Client{};
    if (event.op == sim::ProcessOp::Paused) client.paused = true;
    if (event.op == sim::ProcessOp::Resumed) client.paused = false;
  }
}

void LivenessChecker::finish(sim::Micros endTime, const LockHolders& holders,
                             const ClientNames& names, RunVerdict& verdict) const {
  std::vector<ClientId> stuck;
  bool holderCanRelease = false;
  for (ClientId id = 0; id < clients_.size(); ++id) {
    const Client& client = *clients_.find(id);
    const bool waiting = client.acquiring && !client.crashed;
    if (waiting) stuck.push_back(id);
    if (!waiting && holders.holds(id)) holderCanRelease = true;
  }
  std::sort(stuck.begin(), stuck.end(),
            [&names](ClientId a, ClientId b) { return names.name(a) < names.name(b); });
  sim::Micros lastWaitBegan = 0;
  for (const ClientId id : stuck) {
    const Client& client = *clients_.find(id);
    const std::string& name = names.name(id);
    lastWaitBegan = std::max(lastWaitBegan, client.since);
    std::string detail = name + " was still acquiring when the run ended, after " +
                         std::to_string(endTime - client.since) + " us";
    if (client.paused) detail += " (its process paused)";
    verdict.violations.push_back(Violation{"stuck", client.since, 0, {name}, std::move(detail)});
    verdict.stuckClients.push_back(name);
  }
  // Every holder appeared in a lock event, so every holder was seen in the first loop.
  if (stuck.empty() || holderCanRelease) return;
  verdict.violations.push_back(Violation{
      "deadlock", std::max(lastWaitBegan, holders.lastChangeAt()), 0, names.sortedNames(stuck),
      holders.holderCount() == 0 ? "nobody holds the lock and every waiter is stuck"
                                 : "every holder is itself stuck waiting"});
}

}  // namespace lockscope::checkers
