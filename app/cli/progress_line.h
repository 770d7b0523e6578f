// A progress line for long runs on stderr: acquisitions so far out of those planned, events and
// virtual time, redrawn in place. Only on a terminal (a log or a pipe gets nothing), and only
// once a run has taken longer than a moment, so short runs and scripts see no change.
#pragma once

#include <chrono>
#include <cstdint>

#include "sim/trace/trace.h"

namespace lockscope::cli {

class ProgressLine final : public sim::TraceSink {
 public:
  // `plannedAcquisitions`: the sum of every client's rounds (0 when unknown). The first draw
  // comes `quietMs` after construction (LOCKSCOPE_PROGRESS_AFTER_MS overrides it, for tests).
  ProgressLine(uint64_t plannedAcquisitions, int64_t quietMs = 1000);
  ~ProgressLine() override;  // erases the line, so the report starts on a clean one

  // True when stderr is a terminal: otherwise the line would only clutter a log.
  static bool wanted();

  void onEvent(const sim::TraceEvent& event) override;

 private:
  void draw(sim::Micros virtualTime);

  using Clock = std::chrono::steady_clock;
  uint64_t planned_;
  uint64_t acquisitions_ = 0;
  uint64_t events_ = 0;
  Clock::time_point nextDraw_;
  bool drawn_ = false;
};

}  // namespace lockscope::cli
