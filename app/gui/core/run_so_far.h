// What of a recorded run has happened by a moment. The window shows only that, so that a
// lesson's "what happens next?" pause does not show the answer: holds that began by then (cut at
// that moment), messages sent by then (drawn as far as they got), and violations the trace shows
// by then, and per-release figures as they stand. Every view that draws the run's intervals or
// counts per release asks here rather than reading the whole run.
#pragma once

#include <vector>

#include "run_timeline.h"

namespace lockscope::gui {

// When a violation first shows. Most show as they begin (a lost update at the write that lost
// the other's update); "stuck", "deadlock" and "leaked_watch" are conclusions about how the run
// ended - a client waiting is not stuck until nothing is left to wake it - so they show at the
// run's end.
sim::Micros violationShownAt(const checkers::Violation& violation, sim::Micros runEnd);

// The holds that began by `now`, each ending at `now` at the latest.
std::vector<HoldInterval> holdsSoFar(const RunTimeline& timeline, sim::Micros now);

// The most clients holding the lock at one moment by `now` (each client's belief: a paused
// holder still holds): 2 when a lease ran out under a holder and another took it.
int mostHoldersSoFar(const RunTimeline& timeline, sim::Micros now);

struct ViolationSoFar {
  const checkers::Violation* violation = nullptr;
  sim::Micros from = 0, until = 0;  // as far as it has gone by `now` (until >= from)
};
// The violations shown by `now`, in the verdict's order, their intervals cut at `now`.
std::vector<ViolationSoFar> violationsSoFar(const RunTimeline& timeline, sim::Micros now);

// The releases begun by `now`.
size_t releasesSoFar(const RunTimeline& timeline, sim::Micros now);
// Release `release` (begun by `now`) as it stands after the run's first `eventCount` events: its
// figures once the next grant (or the next release) has happened, else the notifications and
// requests so far and no handoff yet - a release's burst of notifications is counted as it lands.
ReleaseFigures releaseSoFar(const RunTimeline& timeline, size_t release, sim::Micros now,
                            size_t eventCount);

}  // namespace lockscope::gui
