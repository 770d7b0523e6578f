#include "run_verdict.h"

#include <algorithm>

namespace lockscope::checkers {

size_t RunVerdict::count(const std::string& kind) const {
  return static_cast<size_t>(std::count_if(violations.begin(), violations.end(),
                                           [&kind](const Violation& v) { return v.kind == kind; }));
}

}  // namespace lockscope::checkers
