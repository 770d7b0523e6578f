#include "chooser.h"

namespace lockscope::sim {

Micros Chooser::betweenFor(Micros low, Micros high, std::string_view why,
                           std::string_view subject) {
  if (high <= low) return low;
  return low + static_cast<Micros>(chooseFor(static_cast<uint64_t>(high - low) + 1, why, subject));
}

bool Chooser::chance(uint64_t numerator, uint64_t denominator, std::string_view why) {
  if (numerator == 0 || denominator == 0) return false;
  if (numerator >= denominator) return true;
  return choose(denominator, why) < numerator;
}

uint64_t RandomChooser::choose(uint64_t count, std::string_view) { return random_.below(count); }

}  // namespace lockscope::sim
