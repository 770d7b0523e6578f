#include "chooser.h"

namespace lockscope::sim {

Micros Chooser::between(Micros low, Micros high, std::string_view why) {
  if (high <= low) return low;
  return low + static_cast<Micros>(choose(static_cast<uint64_t>(high - low) + 1, why));
}

bool Chooser::chance(uint64_t numerator, uint64_t denominator, std::string_view why) {
  if (numerator == 0 || denominator == 0) return false;
  if (numerator >= denominator) return true;
  return choose(denominator, why) < numerator;
}

uint64_t RandomChooser::choose(uint64_t count, std::string_view) { return random_.below(count); }

}  // namespace lockscope::sim
