// Latency samples in microseconds: count, mean, maximum and nearest-rank percentiles. The
// nearest-rank P-th percentile of n samples is the ceil(P/100 * n)-th smallest (the smallest for
// P = 0), computed in integers: p99 of 100 samples is exactly the 99th. Samples are kept as a
// count per distinct value, so memory grows with the spread of latencies, not with their number.
#pragma once

#include <cstdint>
#include <map>

#include "sim/engine/virtual_time.h"

namespace lockscope::checkers {

class LatencyStats {
 public:
  void add(sim::Micros sample);

  uint64_t count() const { return count_; }
  // 0 when there are no samples.
  double mean() const;
  sim::Micros max() const { return counts_.empty() ? 0 : counts_.rbegin()->first; }
  sim::Micros percentile(unsigned percent) const;  // percent in 0..100

 private:
  std::map<sim::Micros, uint64_t> counts_;
  uint64_t count_ = 0;
  double sum_ = 0;
};

}  // namespace lockscope::checkers
