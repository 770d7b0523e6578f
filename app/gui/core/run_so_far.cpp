#include "run_so_far.h"

#include <algorithm>

namespace lockscope::gui {

sim::Micros violationShownAt(const checkers::Violation& violation, sim::Micros runEnd) {
  if (violation.kind == "stuck" || violation.kind == "deadlock" || violation.kind == "leaked_watch")
    return runEnd;
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

int mostHoldersSoFar(const RunTimeline& timeline, sim::Micros now) {
  // A sweep over the holds' starts and ends; an end sorts before a start at the same moment (a
  // handoff at one microsecond is not two holders).
  std::vector<std::pair<sim::Micros, int>> edges;
  for (const HoldInterval& hold : holdsSoFar(timeline, now)) {
    edges.emplace_back(hold.start, +1);
    edges.emplace_back(hold.end, -1);
  }
  std::sort(edges.begin(), edges.end());
  int holding = 0, most = 0;
  for (const auto& [time, change] : edges) {
    holding += change;
    most = std::max(most, holding);
  }
  return most;
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

size_t releasesSoFar(const RunTimeline& timeline, sim::Micros now) {
  const auto& releases = timeline.releases();
  return static_cast<size_t>(
      std::count_if(releases.begin(), releases.end(),
                    [now](const ReleaseFigures& release) { return release.time <= now; }));
}

ReleaseFigures releaseSoFar(const RunTimeline& timeline, size_t release, sim::Micros now,
                            size_t eventCount) {
  const auto& releases = timeline.releases();
  ReleaseFigures figures = releases[release];
  if (figures.until >= 0 && figures.until <= now)
    return figures;  // granted, or followed by another
  // Still going: what the trace has shown since the release began (hold_history.cpp counts from
  // the event that ended the hold; the events before its moment are not the release's).
  const RunningCounts before = timeline.countsAfter(timeline.trace().countUpTo(figures.time - 1));
  const RunningCounts after = timeline.countsAfter(eventCount);
  figures.notifications = static_cast<int>(after.notifications - before.notifications);
  figures.requests = static_cast<int>(after.requests - before.requests);
  figures.handoff = -1;
  figures.until = -1;
  return figures;
}

}  // namespace lockscope::gui
