#include "random.h"

#include "check.h"

namespace lockscope::sim {
namespace {

uint64_t splitMix64(uint64_t& x) {
  uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

constexpr uint64_t rotateLeft(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

Random::Random(uint64_t seed) {
  for (uint64_t& word : state_) word = splitMix64(seed);
}

uint64_t Random::next() {
  const uint64_t result = rotateLeft(state_[1] * 5, 7) * 9;
  const uint64_t t = state_[1] << 17;
  state_[2] ^= state_[0];
  state_[3] ^= state_[1];
  state_[1] ^= state_[2];
  state_[0] ^= state_[3];
  state_[2] ^= t;
  state_[3] = rotateLeft(state_[3], 45);
  return result;
}

uint64_t Random::below(uint64_t bound) {
  LOCKSCOPE_CHECK(bound > 0, "a choice among no options");
  // A power of two divides 2^64: nothing is rejected and the remainder is a mask. Same values as
  // the general path below, without its two divisions.
  if ((bound & (bound - 1)) == 0) return next() & (bound - 1);
  // Values under `threshold` would make some residues one more likely than others; redraw them.
  // The loop ends with probability > 1/2 per draw.
  if (bound != cachedBound_) {
    cachedBound_ = bound;
    cachedThreshold_ = (0 - bound) % bound;
  }
  for (;;) {
    const uint64_t value = next();
    if (value >= cachedThreshold_) return value % bound;
  }
}

}  // namespace lockscope::sim
