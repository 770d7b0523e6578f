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
};

}  // namespace lockscope::sim
