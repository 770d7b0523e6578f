#include "resource_history.h"

#include <algorithm>
#include <map>

#include "sim/checkers/trace_facts.h"

namespace lockscope::gui {
ResourceHistory::ResourceHistory(const RecordedTrace& trace, const RunCast& cast) {
  struct Counter {
    int64_t value = 0, highestToken = 0;
  };
  std::map<std::string, Counter, std::less<>> counters;
  for (const StoredEvent& event : trace.events()) {
    if (event.kind != sim::TraceKind::Resource) continue;
    const std::string counterName(trace.text(event.path));
    Counter& counter = counters[counterName];
    ResourceAccess access{.time = event.time,
                          .client = cast.clientOfActor(event.actor),
                          .op = event.op.as<sim::ResourceOp>().value_or(sim::ResourceOp::Read),
                          .counter = counterName,
                          .value = checkers::resourceNumber(trace.text(event.value)),
                          .token = std::max<int64_t>(0, event.request),
                          .before = counter.value,
                          .highestToken = counter.highestToken,
                          .detail = event.detail};
    if (access.op == sim::ResourceOp::Write) {
      access.lostUpdate = access.value <= counter.value;
      counter.value = access.value;
      counter.highestToken = std::max(counter.highestToken, access.token);
    }
    accesses_.push_back(access);
  }
}

ResourceCard ResourceHistory::cardAt(sim::Micros now, size_t lines) const {
  ResourceCard card;
  std::map<std::string, size_t, std::less<>> slot;
  std::vector<const ResourceAccess*> landed;
  for (const ResourceAccess& access : accesses_) {
    if (access.reachesCard() <= now) landed.push_back(&access);
  }
  std::stable_sort(landed.begin(), landed.end(),
                   [](const ResourceAccess* a, const ResourceAccess* b) {
                     return a->reachesCard() < b->reachesCard();
                   });
  for (const ResourceAccess* access : landed) {
    if (!slot.count(access->counter)) {
      slot.emplace(access->counter, card.values.size());
      card.values.emplace_back(access->counter, 0);
    }
    if (access->op == sim::ResourceOp::Write) {
      card.values[slot[access->counter]].second = access->value;
      card.highestToken = std::max(card.highestToken, access->token);
      ++card.writes;
      if (access->lostUpdate) ++card.lostUpdates;
    } else if (access->op == sim::ResourceOp::Rejected) {
      ++card.rejected;
    }
  }
  const size_t first = landed.size() > lines ? landed.size() - lines : 0;
  card.recent.assign(landed.begin() + static_cast<std::ptrdiff_t>(first), landed.end());
  return card;
}

std::vector<const ResourceAccess*> ResourceHistory::inFlightAt(sim::Micros now) const {
  std::vector<const ResourceAccess*> out;
  for (const ResourceAccess& access : accesses_) {
    if (access.time > now) break;
    if (now < access.flightEnd()) out.push_back(&access);
  }
  return out;
}

}  // namespace lockscope::gui
