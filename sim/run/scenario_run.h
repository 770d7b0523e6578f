// Runs a scenario on a backend (run_backend.h: a model or live servers, chosen by the caller
// through backends::backendFor): sets up the world, the backend, the protected resource and one
// LockClient per client; has the backend inject the scheduled faults; stops when every client is
// done (or crashed for good), when nothing progressed for the stall window after the last fault,
// or at the scenario's maximum virtual time; then judges the trace. It knows no service itself.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "narration_tracker.h"
#include "run_backend.h"
#include "sim/checkers/run_verdict.h"
#include "sim/engine/chooser.h"
#include "sim/scenario/scenario.h"
#include "sim/trace/trace.h"

namespace lockscope::run {

struct RunOptions {
  // Extra trace sinks (a trace file, the GUI's recorder), after the hasher and the checkers.
  std::vector<sim::TraceSink*> sinks;
  // Required: makes the backend the run uses (backends::backendFor in backends/backend_for.h).
  RunBackendFactory backend;
  // The trace hash and the checkers on the run's own thread rather than a thread of their own:
  // for the explorer's thousands of short runs, where starting a thread per run cost more than
  // it saved. The same events reach the same sinks in the same order: the same report.
  bool judgeOnRunThread = false;
  // Makes the run's Chooser from the scenario's seed; empty: sim::RandomChooser(seed). The
  // explorer's systematic modes pass one that follows a schedule of their own.
  std::function<std::unique_ptr<sim::Chooser>(uint64_t seed)> chooser;
};

struct RunReport {
  std::string scenario;
  scenario::LocalizedText title;
  uint64_t seed = 0;
  std::string recipe;
  std::string backend;  // the backend's name(): "model" or "live"
  size_t clients = 0;
  checkers::RunVerdict verdict;
  std::vector<std::string> unmetExpectations;  // one line each
  uint64_t events = 0;
  sim::Micros virtualTime = 0;
  std::string endReason;    // "all clients done", "stalled", "time limit", or the backend's stop
  BackendStop backendStop;  // a live backend that ended the run early, and why
  std::string traceSha256;
  sim::Micros origin = 0;                  // when the clients started (times are from here)
  std::vector<NarrationMoment> narration;  // when each narration step happened

  bool passed() const { return unmetExpectations.empty(); }
};

// Throws std::invalid_argument when options.backend is empty.
RunReport runScenario(const scenario::Scenario& scenario, const RunOptions& options);

}  // namespace lockscope::run
