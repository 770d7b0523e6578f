// The causal slice of one of a run's violations (sim/checkers/causal_slice.h), as the views mark
// it: which trace events, message flights, hold bars and clients take part. Everything else is
// drawn dimmed while the slice is shown.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "flights.h"
#include "hold_history.h"
#include "sim/checkers/run_verdict.h"

namespace lockscope::gui {

class RunTimeline;

class SliceMarks {
 public:
  SliceMarks() = default;
  // The slice of `violation`, one of `timeline`'s.
  SliceMarks(const RunTimeline& timeline, const checkers::Violation& violation);

  bool empty() const { return events_.empty(); }
  size_t size() const { return count_; }
  bool containsEvent(size_t index) const { return index < events_.size() && events_[index]; }
  bool containsFlight(const Flight& flight) const { return containsEvent(flight.event); }
  // A hold bar is in the slice when the grant that began it is.
  bool containsHold(const HoldInterval& hold) const {
    return grants_.contains({hold.client, hold.start});
  }
  // The client has an event in the slice.
  bool containsClient(int client) const { return clients_.contains(client); }
  // An event of the slice names this znode (or key) path.
  bool containsPath(std::string_view path) const { return paths_.contains(path); }
  // The slice's one-line summary (causal_slice.h's sliceSummary).
  const std::string& summary() const { return summary_; }

 private:
  std::vector<bool> events_;  // by trace index
  size_t count_ = 0;
  std::set<std::pair<int, sim::Micros>> grants_;  // (client, time) of `acquired` in the slice
  std::set<int> clients_;
  std::set<std::string, std::less<>> paths_;
  std::string summary_;
};

}  // namespace lockscope::gui
