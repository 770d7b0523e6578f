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
#include "hold_history.h"
#include "recorded_trace.h"
#include "resource_history.h"
#include "run_cast.h"
#include "sim/run/scenario_run.h"
#include "sim/scenario/scenario.h"
#include "stage_state.h"
#include "time_lens.h"

namespace lockscope::gui {

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
  static std::unique_ptr<RunTimeline> record(const scenario::Scenario& scenario,
                                             run::RunOptions options);

  // A run recorded elsewhere, up to now: the console's world (console_world.h) grows its trace
  // one command at a time and shows each prefix as a run of its own (the redis-cli console's
  // with the expiries it foresees after it). `scenario` names
  // the clients and its narration steps at fixed times are told; `virtualTime` is the world's
  // clock.
  static std::unique_ptr<RunTimeline> fromTrace(const scenario::Scenario& scenario,
                                                const RecordedTrace& trace,
                                                sim::Micros virtualTime);

  const scenario::Scenario& scenario() const { return scenario_; }
  const run::RunReport& report() const { return report_; }
  const RecordedTrace& trace() const { return trace_; }
  const RunCast& cast() const { return cast_; }
  const FlightTable& flights() const { return flights_; }
  // Holds and releases as the checkers count them (hold_history.h).
  const std::vector<HoldInterval>& holds() const { return holdHistory_.holds; }
  const std::vector<ReleaseFigures>& releases() const { return holdHistory_.releases; }
  // Every read and write of the protected resource, for the stage's card.
  const ResourceHistory& resources() const { return resources_; }
  // How the player paces the run when its time lens is on.
  const TimeLens& lens() const { return lens_; }
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
  void deriveCountdowns();

  scenario::Scenario scenario_;
  run::RunReport report_;
  RecordedTrace trace_;
  RunCast cast_;
  FlightTable flights_;
  HoldHistory holdHistory_;
  ResourceHistory resources_;
  TimeLens lens_;
  std::vector<SessionCountdown> countdowns_;
  std::vector<RunningCounts> counts_;  // after each event
  std::vector<StageState> snapshots_;  // snapshots_[k]: after k * snapshotEvery_ events
  sim::Micros endTime_ = 0;
  size_t snapshotEvery_ = 256;
};

}  // namespace lockscope::gui
