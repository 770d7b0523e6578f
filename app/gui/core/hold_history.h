// Who held the lock when, and what each release cost, as the GUI draws and counts them. They are
// read from the trace by the checkers' own model of the holders (checkers::LockHolders: nested
// holds, read and write modes, a crash or `done` ending a hold) and their rule for a handoff
// (checkers::LockHandoffs), so the diagram and the metrics panel cannot disagree with
// `lockscope-cli`'s acquisitions and handoff_mean_us for the same run.
//
// What the diagram needs on top: one bar per hold, from the client's first acquisition to the
// moment it holds nothing any more - a nested acquisition and its release happen inside that bar
// (its `acquisitions` counts them) rather than cutting it in two; and one release per hold that
// ended by letting go - the inner release of a nested hold gives nothing up, so it is none.
#pragma once

#include <vector>

#include "recorded_trace.h"
#include "run_cast.h"

namespace lockscope::gui {

struct HoldInterval {
  int client = kNoClient;
  sim::Micros start = 0, end = 0;  // end: when it started releasing, crashed, or the run's end
  int acquisitions = 1;            // `acquired` events it covers: nested ones share the bar
};

// One hold given up (not by a crash), and what it cost until the next grant.
struct ReleaseFigures {
  sim::Micros time = 0;
  int notifications = 0;     // notifications delivered between this release and the next grant
  int requests = 0;          // requests sent in that time
  sim::Micros handoff = -1;  // to the next hold, when this release freed the lock and another
                             // client took it (checkers::LockHandoffs); -1 if not
  sim::Micros until =
      -1;  // the next grant or release, where the counting stopped; -1: neither came
};

struct HoldHistory {
  std::vector<HoldInterval> holds;       // in the order they began
  std::vector<ReleaseFigures> releases;  // in time order
};

// `endTime` ends the holds still open when the trace ends.
HoldHistory holdHistoryOf(const RecordedTrace& trace, const RunCast& cast, sim::Micros endTime);

}  // namespace lockscope::gui
