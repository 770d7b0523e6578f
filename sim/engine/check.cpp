#include "check.h"

namespace lockscope::sim {

void failCheck(const char* condition, const char* message, const char* file, int line) {
  // The path from the source tree's top: the same text on every machine.
  std::string where = file;
  if (const size_t top = where.rfind("/sim/"); top != std::string::npos) where.erase(0, top + 1);
  else if (const size_t backends = where.rfind("/backends/"); backends != std::string::npos)
    where.erase(0, backends + 1);
  throw BrokenInvariant(where + ":" + std::to_string(line) + ": broken invariant (" + condition +
                        "): " + message);
}

}  // namespace lockscope::sim
