#include "hunted_violation.h"

#include <algorithm>
#include <set>
#include <sstream>

#include "sim/checkers/metric_names.h"

namespace lockscope::explore {

bool Hunt::wants(const std::string& kind) const {
  return kinds.empty() || std::find(kinds.begin(), kinds.end(), kind) != kinds.end();
}

std::optional<checkers::Violation> Hunt::first(const checkers::RunVerdict& verdict) const {
  std::optional<checkers::Violation> earliest;
  for (const checkers::Violation& violation : verdict.violations) {
    if (!wants(violation.kind)) continue;
    if (!earliest || violation.knownAt() < earliest->knownAt() ||
        (violation.knownAt() == earliest->knownAt() && violation.kind < earliest->kind)) {
      earliest = violation;
    }
  }
  return earliest;
}

std::string Hunt::signature(const checkers::RunVerdict& verdict) const {
  std::set<std::string> shown;
  for (const checkers::Violation& violation : verdict.violations) {
    if (wants(violation.kind)) shown.insert(violation.kind);
  }
  std::string text;
  for (const std::string& kind : shown) text += (text.empty() ? "" : "+") + kind;
  return text;
}

Result<Hunt> parseHunt(const std::string& text) {
  Hunt hunt;
  std::istringstream items(text);
  for (std::string kind; std::getline(items, kind, ',');) {
    const auto& names = checkers::invariantNames();
    const bool known = std::any_of(names.begin(), names.end(),
                                   [&](const auto& name) { return kind == name.violationKind; });
    if (!known) {
      std::string expected;
      for (const auto& name : names) expected += std::string(" ") + name.violationKind;
      return Status::failure("unknown violation kind '" + kind + "'; expected one of:" + expected);
    }
    hunt.kinds.push_back(kind);
  }
  if (hunt.kinds.empty()) return Status::failure("expected at least one violation kind");
  return hunt;
}

}  // namespace lockscope::explore
