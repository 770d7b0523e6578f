#include "run_so_far.h"

#include <algorithm>

namespace lockscope::gui {

sim::Micros violationShownAt(const checkers::Violation& violation, sim::Micros runEnd) {
  if (violation.kind == "stuck" || violation.kind == "deadlock" || violation.kind == "leaked_watch") return runEnd;
  return violation.knownAt();
}

std::vector<HoldInterval> holdsSoFar(const RunTimeline& timeline, sim::Micros now) {
  std::vector<HoldInterval> out;
  for (const HoldInterval& hold : timeline.holds()) {
    if (hold.start > now) continue;
    out.push_back({hold.client, hold.start, std::min(hold.end, now)});
  }
  return out;
}

std::vector<ViolationSoFar> violationsSoFar(const RunTimeline& timeline, sim::Micros now) {
  std::vector<ViolationSoFar> out;
  for (const checkers::Violation& violation : timeline.report().verdict.violations) {
    if (violationShownAt(violation, timeline.endTime()) > now) continue;
    // `until` 0 (or before `time`): a moment, or still going at the end of the run.
    const sim::Micros until = violation.until > violation.time ? violation.until : violation.time;
    out.push_back({&violation, violation.time, std::max(violation.time, std::min(until, now))});
  }
  return out;
}

}  // namespace lockscope::gui
