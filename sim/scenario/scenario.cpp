#include "scenario.h"

#include <sstream>

namespace lockscope::scenario {

std::string Expectation::describe() const {
  if (isInvariant) return name + ": " + (mustHold ? "holds" : "violated");
  std::ostringstream text;
  text.imbue(std::locale::classic());
  text << name << " " << comparison << " " << bound;
  return text.str();
}

}  // namespace lockscope::scenario
