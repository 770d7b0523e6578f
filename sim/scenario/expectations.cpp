#include "expectations.h"

#include <sstream>

#include "sim/checkers/metric_names.h"

namespace lockscope::scenario {
namespace {

bool compare(double value, const std::string& comparison, double bound) {
  if (comparison == "<") return value < bound;
  if (comparison == "<=") return value <= bound;
  if (comparison == ">") return value > bound;
  if (comparison == ">=") return value >= bound;
  if (comparison == "!=") return value != bound;
  return value == bound;
}

std::string number(double value) {
  std::ostringstream text;
  text.imbue(std::locale::classic());
  text << value;
  return text.str();
}

const char* violationKindOf(const std::string& invariant) {
  for (const auto& entry : checkers::invariantNames()) {
    if (invariant == entry.name) return entry.violationKind;
  }
  return "";
}

}  // namespace

std::vector<std::string> unmetExpectations(const Scenario& scenario,
                                           const checkers::RunVerdict& verdict) {
  std::vector<std::string> unmet;
  for (const Expectation& expectation : scenario.expectations) {
    const std::string where = expectation.location.describe() + ": expected " +
                              expectation.describe();
    if (expectation.isInvariant) {
      const size_t violations = verdict.count(violationKindOf(expectation.name));
      if (expectation.mustHold && violations > 0) {
        unmet.push_back(where + ", got " + std::to_string(violations) + " violation(s)");
      } else if (!expectation.mustHold && violations == 0) {
        unmet.push_back(where + ", but it held");
      }
      continue;
    }
    const auto found = verdict.metrics.find(expectation.name);
    const double value = found == verdict.metrics.end() ? 0 : found->second;
    if (!compare(value, expectation.comparison, expectation.bound)) {
      unmet.push_back(where + ", got " + number(value));
    }
  }
  return unmet;
}

}  // namespace lockscope::scenario
