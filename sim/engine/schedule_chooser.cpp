#include "schedule_chooser.h"

#include <utility>

namespace lockscope::sim {

int optionsFor(uint64_t count, std::string_view why) {
  if (count < 2) return 1;
  if (why == "latency" || why == "simultaneous arrival order" || why == "reconnect delay") return 2;
  return 1;
}

ScheduleChooser::ScheduleChooser(uint64_t seed, std::vector<uint32_t> schedule,
                                 std::vector<BranchingDecision>* record)
    : naming_(seed), schedule_(std::move(schedule)), record_(record) {}

uint64_t ScheduleChooser::choose(uint64_t count, std::string_view why) {
  return chooseFor(count, why, {});
}

uint64_t ScheduleChooser::chooseFor(uint64_t count, std::string_view why,
                                    std::string_view subject) {
  if (optionsFor(count, why) < 2) return naming_.choose(count, why);
  if (routineDepth_ > 0) return 0;
  const uint32_t index = next_++;
  const bool deviate = cursor_ < schedule_.size() && schedule_[cursor_] == index;
  if (deviate) ++cursor_;
  if (record_)
    record_->push_back({index, std::string(why), std::string(subject), uint8_t{deviate}});
  return deviate ? count - 1 : 0;
}

std::string scheduleText(const std::vector<uint32_t>& schedule) {
  std::string text = "[";
  for (size_t index = 0; index < schedule.size(); ++index)
    text += (index ? ", " : "") + std::to_string(schedule[index]);
  return text + "]";
}

}  // namespace lockscope::sim
