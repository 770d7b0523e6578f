// The names of every metric a verdict carries (RunVerdict::metrics), for validating scenario
// expectations before a run. Keep in step with RunJudge: tst_checkers checks they agree.
#pragma once

#include <string>
#include <vector>

namespace lockscope::checkers {

inline const std::vector<std::string>& metricNames() {
  static const std::vector<std::string> names = {
      "acquisitions",      "releases",        "requests",          "notifications",
      "notifications_per_release",            "requests_per_acquisition",
      "max_holders",       "leaked_watches",  "handoff_mean_us",   "handoff_p99_us",
      "handoff_max_us",    "recover_mean_us", "recover_max_us",    "rejected_writes",
      "resource_writes",   "lost_updates",    "stuck_clients",     "timeouts",
      "failures",
  };
  return names;
}

// Invariants a scenario can expect to hold or be violated, and the violation kind behind each.
struct InvariantName {
  const char* name;
  const char* violationKind;
};
inline const std::vector<InvariantName>& invariantNames() {
  static const std::vector<InvariantName> names = {
      {"mutual_exclusion", "mutual_exclusion"}, {"no_lost_updates", "lost_update"},
      {"fifo", "fifo"},                         {"no_stuck_clients", "stuck"},
      {"no_deadlock", "deadlock"},              {"no_leaked_watches", "leaked_watch"},
  };
  return names;
}

}  // namespace lockscope::checkers
