// A portable seeded pseudo-random generator: xoshiro256** (Blackman & Vigna, 2018), its state
// filled from the seed by SplitMix64, as the authors recommend.
//
// Why our own: std::*_distribution results differ between standard libraries, and the same
// scenario and seed must give the same run on any machine. Every derived draw below is defined
// here, in integer arithmetic only.
#pragma once

#include <array>
#include <cstdint>

namespace lockscope::sim {

class Random {
 public:
  explicit Random(uint64_t seed);

  // The next raw 64-bit output.
  uint64_t next();

  // Uniform in [0, bound), bound > 0, without modulo bias (rejection of the short top range).
  uint64_t below(uint64_t bound);

 private:
  std::array<uint64_t, 4> state_;
  // The rejection threshold of the last non-power-of-two bound: a latency range asks for the same
  // bound again and again, and the threshold costs a 64-bit division.
  uint64_t cachedBound_ = 0;
  uint64_t cachedThreshold_ = 0;
};

}  // namespace lockscope::sim
