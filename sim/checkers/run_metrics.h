// The run's counted metrics, from the trace:
//   acquisitions / releases       `acquired` / `released` lock events (nested ones included)
//   requests / notifications      client `request` / `watch_delivered` events
//   X_per_release, X_per_acquisition   the ratios (0 when the denominator is 0)
//   handoffs, handoff_{mean,p99,max}_us   the lock became free (its last holder started
//                                 releasing) -> the next hold began, by another client; the lock
//                                 taken back by the same client is no handoff (lock_handoffs.h,
//                                 which the GUI reads too)
//   holder_crashes, recoveries, recover_{mean,max}_us   a holder's process crashed -> the next
//                                 hold began, by anyone (one sample per crash)
//   max_holders                   the most clients holding at once (readers count)
//   timeouts / failures           `timed_out` / `failed` lock events
// Percentiles are nearest-rank (latency_stats.h). The other metrics of a verdict come from the
// checkers (see run_judge.cpp).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "client_names.h"
#include "latency_stats.h"
#include "lock_handoffs.h"
#include "lock_holders.h"

namespace lockscope::checkers {

class RunMetrics {
 public:
  void onEvent(const sim::TraceEvent& event);
  // Call after every hold change, with the holders as they are after it.
  void onChange(const HoldChange& change, const LockHolders& holders, sim::Micros time);
  void finish(std::map<std::string, double>& metrics) const;

 private:
  int64_t acquisitions_ = 0, releases_ = 0, requests_ = 0, notifications_ = 0;
  int64_t timeouts_ = 0, failures_ = 0, holderCrashes_ = 0;
  size_t maxHolders_ = 0;
  LockHandoffs handoffs_;
  std::vector<sim::Micros> crashes_;  // holders' crashes not yet followed by a new hold
  LatencyStats handoff_, recover_;
};

}  // namespace lockscope::checkers
