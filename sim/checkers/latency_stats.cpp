#include "latency_stats.h"

#include <algorithm>

namespace lockscope::checkers {

void LatencyStats::add(sim::Micros sample) {
  ++counts_[sample];
  ++count_;
  sum_ += static_cast<double>(sample);
}

double LatencyStats::mean() const { return count_ == 0 ? 0.0 : sum_ / static_cast<double>(count_); }

sim::Micros LatencyStats::percentile(unsigned percent) const {
  if (count_ == 0) return 0;
  const uint64_t rank = std::max<uint64_t>(1, (uint64_t{percent} * count_ + 99) / 100);
  uint64_t seen = 0;
  for (const auto& [value, times] : counts_) {
    seen += times;
    if (seen >= rank) return value;
  }
  return counts_.rbegin()->first;
}

}  // namespace lockscope::checkers
