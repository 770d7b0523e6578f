#include "shrinker.h"

#include <algorithm>
#include <functional>

namespace lockscope::explore {
namespace {

class Shrinking {
 public:
  Shrinking(const scenario::Scenario& lesson, const Found& found, const ScenarioRunner& runner,
            ShrinkOptions options)
      : lesson_(lesson), runner_(runner), options_(options), hunt_{{found.violation.kind}} {
    best_.candidate = found.candidate;
    best_.violation = found.violation;
  }

  Shrunk run() {
    // Each pass only ever keeps a smaller or earlier candidate, so this ends; the bound is a
    // guard against a pass that trades one change for another forever.
    for (int round = 0; round < 32; ++round) {
      bool changed = dropFaults();
      changed |= useTheLessonsSeed();
      changed |= dropClients();
      changed |= aimAtFirstClients();
      changed |= moveFaultsEarlier();
      changed |= shortenFaults();
      if (!changed) break;
    }
    return best_;
  }

 private:
  // Runs `candidate`; keeps it as the best when it still shows the violation's kind.
  bool keepIfViolates(const Candidate& candidate) {
    ++best_.runs;
    const run::RunReport report = runner_(applyCandidate(lesson_, candidate));
    const auto violation = hunt_.first(report.verdict);
    if (!violation) return false;
    best_.candidate = candidate;
    best_.violation = *violation;
    return true;
  }

  bool dropFaults() {
    bool changed = false;
    for (size_t index = best_.candidate.faults.size(); index-- > 0;) {
      Candidate fewer = best_.candidate;
      fewer.faults.erase(fewer.faults.begin() + static_cast<long>(index));
      changed |= keepIfViolates(fewer);
    }
    return changed;
  }

  bool useTheLessonsSeed() {
    if (options_.keepSeed || best_.candidate.seed == lesson_.seed) return false;
    Candidate seeded = best_.candidate;
    seeded.seed = lesson_.seed;
    return keepIfViolates(seeded);
  }

  size_t clientIndex(const std::string& name) const {
    for (size_t index = 0; index < lesson_.clients.size(); ++index) {
      if (lesson_.clients[index].name == name) return index;
    }
    return lesson_.clients.size();
  }

  // The candidate with its first `count` clients, its faults on clients past them (or its one
  // fault, wherever it was) aimed at one of the first few instead: with fewer clients the seed
  // plays out otherwise, and the client to pause is often another one.
  std::vector<Candidate> withClients(size_t count) const {
    constexpr size_t kTargetsTried = 8;
    std::vector<Candidate> variants;
    Candidate fewer = best_.candidate;
    fewer.clients = count;
    bool fits = true;
    for (const AddedFault& added : fewer.faults) {
      if (sim::faultInfo(added.fault.kind).target == sim::FaultTarget::Client &&
          clientIndex(added.fault.client) >= count)
        fits = false;
    }
    if (fits) variants.push_back(fewer);
    for (size_t target = 0; target < std::min(count, kTargetsTried); ++target) {
      Candidate aimed = fewer;
      bool moved = false;
      for (AddedFault& added : aimed.faults) {
        if (sim::faultInfo(added.fault.kind).target != sim::FaultTarget::Client) continue;
        const bool outside = clientIndex(added.fault.client) >= count;
        if ((outside || aimed.faults.size() == 1) &&
            added.fault.client != lesson_.clients[target].name) {
          added.fault.client = lesson_.clients[target].name;
          moved = true;
        }
      }
      if (moved) variants.push_back(aimed);
    }
    return variants;
  }

  bool keepAnyThatViolates(const std::vector<Candidate>& variants) {
    for (const Candidate& variant : variants) {
      if (keepIfViolates(variant)) return true;
    }
    return false;
  }

  // Binary search on the client count (the lesson's own faults name clients that stay), assuming
  // fewer clients rarely bring a violation back.
  bool dropClients() {
    return lowestThat(clientsTheLessonNeeds(lesson_), best_.candidate.clients,
                      [&](size_t count) { return keepAnyThatViolates(withClients(count)); });
  }

  bool aimAtFirstClients() {
    bool changed = false;
    for (size_t index = 0; index < best_.candidate.faults.size(); ++index) {
      const scenario::Fault& fault = best_.candidate.faults[index].fault;
      if (sim::faultInfo(fault.kind).target != sim::FaultTarget::Client) continue;
      for (const clients::ClientSpec& client : lesson_.clients) {
        if (client.name == best_.candidate.faults[index].fault.client) break;
        Candidate aimed = best_.candidate;
        aimed.faults[index].fault.client = client.name;
        if (keepIfViolates(aimed)) {
          changed = true;
          break;
        }
      }
    }
    return changed;
  }

  // Binary search for the smallest value in [low, high) that `keeps` (which keeps the candidate
  // it makes when it violates); `high` is known to. True when a smaller one was kept.
  template <typename Value, typename Keeps>
  static bool lowestThat(Value low, Value high, Keeps&& keeps) {
    bool changed = false;
    while (low < high) {
      const Value middle = low + (high - low) / 2;
      if (keeps(middle)) {
        high = middle;
        changed = true;
      } else {
        low = middle + 1;
      }
    }
    return changed;
  }

  // The same over whole milliseconds in [low, value], for a time or a duration.
  bool lowest(sim::Micros low, sim::Micros value,
              const std::function<Candidate(sim::Micros)>& with) {
    return lowestThat(sim::toMillis(low), sim::toMillis(value), [&](int64_t milliseconds) {
      return keepIfViolates(with(sim::fromMillis(milliseconds)));
    });
  }

  bool moveFaultsEarlier() {
    bool changed = false;
    for (size_t index = 0; index < best_.candidate.faults.size(); ++index) {
      changed |= lowest(0, best_.candidate.faults[index].fault.at, [&](sim::Micros at) {
        Candidate earlier = best_.candidate;
        earlier.faults[index].fault.at = at;
        return earlier;
      });
    }
    return changed;
  }

  bool shortenFaults() {
    bool changed = false;
    for (size_t index = 0; index < best_.candidate.faults.size(); ++index) {
      if (!lasts(best_.candidate.faults[index].fault.kind)) continue;
      changed |= lowest(sim::fromMillis(1), best_.candidate.faults[index].duration,
                        [&](sim::Micros duration) {
                          Candidate shorter = best_.candidate;
                          shorter.faults[index].duration = duration;
                          return shorter;
                        });
    }
    return changed;
  }

  const scenario::Scenario& lesson_;
  const ScenarioRunner& runner_;
  ShrinkOptions options_;
  Hunt hunt_;
  Shrunk best_;
};

}  // namespace

Shrunk shrink(const scenario::Scenario& lesson, const Found& found, const ScenarioRunner& runner,
              ShrinkOptions options) {
  return Shrinking(lesson, found, runner, options).run();
}

}  // namespace lockscope::explore
