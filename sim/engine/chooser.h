// Every nondeterministic decision of a run passes through one Chooser: latency draws, the order
// of simultaneous events, whether a request lost with its connection was applied, the order in
// which the model lists children. Replacing the random chooser by an exhaustive or replaying one
// explores schedules without touching recipes or models.
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "random.h"
#include "virtual_time.h"

namespace lockscope::sim {

class Chooser {
 public:
  virtual ~Chooser() = default;

  // An index in [0, count), count > 0. `why` names the decision (for replay logs and explorers).
  virtual uint64_t choose(uint64_t count, std::string_view why) = 0;

  // The same decision about one subject (a connection's lane, "c1 to server"): explorers that
  // schedule by subject, as PCT's priorities do, override it; the others ignore the subject, so
  // the draws and the traces stay those of choose().
  virtual uint64_t chooseFor(uint64_t count, std::string_view why, std::string_view subject) {
    (void)subject;
    return choose(count, why);
  }

  // Marks the decisions made for routine traffic (a ZooKeeper session's pings and their answers,
  // RoutineDecisions below): a systematic explorer leaves them at their default, since varying
  // them grows its tree without teaching anything about a recipe; the others ignore the mark.
  virtual void routine(bool inside) { (void)inside; }

  // A duration in [low, high] (inclusive); low when the range is empty or inverted.
  Micros between(Micros low, Micros high, std::string_view why) {
    return betweenFor(low, high, why, {});
  }
  Micros betweenFor(Micros low, Micros high, std::string_view why, std::string_view subject);

  // True with probability numerator / denominator.
  bool chance(uint64_t numerator, uint64_t denominator, std::string_view why);

  // A Fisher-Yates shuffle driven by choose().
  template <typename T>
  void shuffle(std::vector<T>& items, std::string_view why) {
    for (size_t i = items.size(); i > 1; --i) {
      const size_t j = static_cast<size_t>(choose(i, why));
      if (j != i - 1) std::swap(items[i - 1], items[j]);
    }
  }
};

// The decisions made while it lives are routine (Chooser::routine).
class RoutineDecisions {
 public:
  explicit RoutineDecisions(Chooser& chooser) : chooser_(chooser) { chooser_.routine(true); }
  ~RoutineDecisions() { chooser_.routine(false); }
  RoutineDecisions(const RoutineDecisions&) = delete;
  RoutineDecisions& operator=(const RoutineDecisions&) = delete;

 private:
  Chooser& chooser_;
};

// Draws every choice from the scenario's seeded generator.
class RandomChooser final : public Chooser {
 public:
  explicit RandomChooser(uint64_t seed) : random_(seed) {}
  uint64_t choose(uint64_t count, std::string_view why) override;

 private:
  Random random_;
};

}  // namespace lockscope::sim
