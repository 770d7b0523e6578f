// A Chooser for the explorer's systematic modes (bfs, dfs): each decision becomes a small menu of
// options, chosen by its `why`, so that a run is one path through a finite tree.
//   latency                       2 options: the range's low ("fast", option 0) or its high
//   simultaneous arrival order    2 options: first (0) or last (the largest tie-break)
//   reconnect delay               2 options: none or the longest
// Every other decision only names things (GUIDs, tokens, the order getChildren lists children,
// which the recipes sort, the Redis expiry sample) or is not explored yet (Redlock's retry
// delay): one option, its value drawn from a RandomChooser(seed) kept inside, so the run stays a
// function of the seed and the schedule.
//
// Routine decisions (a session's pings and pongs, Chooser::routine) keep option 0 and are not
// counted: they would grow the tree without teaching anything about a recipe.
//
// A schedule is the sorted list of branching-decision indices (counting only the decisions with
// two options) where option 1 is taken; option 0 everywhere else. The chooser records every
// branching decision it meets, so an explorer knows where the run's next deviations can go.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "chooser.h"

namespace lockscope::sim {

struct BranchingDecision {
  uint32_t index = 0;  // among the run's branching decisions, from 0
  std::string why;
  std::string subject;  // a connection's lane ("c1 to server"), or empty
  uint8_t option = 0;   // the option taken: 0 the default, 1 the deviation
};

// How many options a decision has, by its `why` and its range: 2 or 1.
int optionsFor(uint64_t count, std::string_view why);

class ScheduleChooser final : public Chooser {
 public:
  // `schedule`: sorted, distinct. `record` (optional, not owned, must outlive the chooser):
  // receives every branching decision in the order met.
  ScheduleChooser(uint64_t seed, std::vector<uint32_t> schedule,
                  std::vector<BranchingDecision>* record = nullptr);

  uint64_t choose(uint64_t count, std::string_view why) override;
  uint64_t chooseFor(uint64_t count, std::string_view why, std::string_view subject) override;
  void routine(bool inside) override { routineDepth_ += inside ? 1 : -1; }

  uint32_t branchingDecisions() const { return next_; }

 private:
  RandomChooser naming_;
  std::vector<uint32_t> schedule_;
  size_t cursor_ = 0;  // the first schedule entry not reached yet
  uint32_t next_ = 0;  // the index the next branching decision gets
  int routineDepth_ = 0;
  std::vector<BranchingDecision>* record_;
};

// "[3, 17]": a schedule as the scenario key `schedule:` and the reports write it.
std::string scheduleText(const std::vector<uint32_t>& schedule);

}  // namespace lockscope::sim
