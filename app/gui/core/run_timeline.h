// One recorded run as the GUI plays it: the scenario (with the faults clicked so far), its
// report and verdict, the whole trace, and what is derived from it once - who is who, the
// messages in flight, hold intervals, per-release figures, session countdowns, and stage
// snapshots every few hundred events so that any moment is rebuilt in a bounded number of steps.
//
// Time travel is a replay: the run is deterministic, so a run recorded again with the same
// scenario, seed and faults is the same run, and a fault added at time t leaves every event
// before t unchanged.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "flights.h"
#include "recorded_trace.h"
#include "run_cast.h"
#include "sim/run/scenario_run.h"
#include "sim/scenario/scenario.h"
#include "stage_state.h"

namespace lockscope::gui {

struct HoldInterval {
  int client = kNoClient;
  sim::Micros start = 0, end = 0;  // end: when it started releasing, crashed, or the run's end
};

// The lock given up by one release and what it cost until the next grant.
struct ReleaseFigures {
  sim::Micros time = 0;
  int notifications = 0;   // notifications delivered between this release and the next grant
  int requests = 0;        // requests sent in that time
  sim::Micros handoff = -1;  // until the next grant to another client; -1 if none
};

// A silent client's session running out at the server: from the crash, pause or partition until
// the server expired it (expires) or the client spoke again.
struct SessionCountdown {
  int client = kNoClient;
  sim::Micros since = 0, until = 0;
  bool expires = false;
};

struct RunningCounts {
  uint32_t acquisitions = 0, releases = 0, requests = 0, notifications = 0;
};

class RunTimeline {
 public:
  // Runs `scenario` on `options.backend` (required: backends::backendFor) and records it; a live
  // server takes the run's real time. A scenario that loaded runs to its end.
  static std::unique_ptr<RunTimeline> record(const scenario::Scenario& scenario, run::RunOptions options);

  const scenario::Scenario& scenario() const { return scenario_; }
  const run::RunReport& report() const { return report_; }
  const RecordedTrace& trace() const { return trace_; }
  const RunCast& cast() const { return cast_; }
  const FlightTable& flights() const { return flights_; }
  const std::vector<HoldInterval>& holds() const { return holds_; }
  const std::vector<ReleaseFigures>& releases() const { return releases_; }
  // The last event, or a later narration step: a run that goes quiet (a client stuck for good)
  // plays on to the moment its narration says so, within the run's own end.
  sim::Micros endTime() const { return endTime_; }

  // How many stage snapshots the timeline keeps (bounded by the clients' count: see derive()).
  size_t snapshotCount() const { return snapshots_.size(); }
  // The stage after the first `eventCount` events.
  StageState stageAfter(size_t eventCount) const;
  RunningCounts countsAfter(size_t eventCount) const;
  // 1 for a client that is not silent at `time`, else what is left of its session (0..1).
  double sessionLeft(int client, sim::Micros time) const;
  // The same in microseconds, for the number beside the ring; -1 when no countdown runs.
  sim::Micros sessionLeftMicros(int client, sim::Micros time) const;
  bool silent(int client, sim::Micros time) const;

 private:
  explicit RunTimeline(const scenario::Scenario& scenario) : scenario_(scenario) {}
  void derive();
  void deriveHolds();
  void deriveReleases();
  void deriveCountdowns();

  scenario::Scenario scenario_;
  run::RunReport report_;
  RecordedTrace trace_;
  RunCast cast_;
  FlightTable flights_;
  std::vector<HoldInterval> holds_;
  std::vector<ReleaseFigures> releases_;
  std::vector<SessionCountdown> countdowns_;
  std::vector<RunningCounts> counts_;  // after each event
  std::vector<StageState> snapshots_;  // snapshots_[k]: after k * snapshotEvery_ events
  sim::Micros endTime_ = 0;
  size_t snapshotEvery_ = 256;
};

}  // namespace lockscope::gui
