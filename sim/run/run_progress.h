// Watches the trace for what ends a run: every client done or crashed for good, and the last
// moment anything moved (a grant, a release, a give-up), for the stall rule.
#pragma once

#include <cstdint>
#include <set>
#include <string>

#include "sim/trace/trace.h"

namespace lockscope::run {

class RunProgress final : public sim::TraceSink {
 public:
  explicit RunProgress(size_t clientCount) : clientCount_(clientCount) {}

  void onEvent(const sim::TraceEvent& event) override;

  bool allFinished() const { return done_.size() + crashed_.size() >= clientCount_; }
  sim::Micros lastProgress() const { return lastProgress_; }

 private:
  size_t clientCount_;
  std::set<std::string, std::less<>> done_;
  std::set<std::string, std::less<>> crashed_;  // crashed before done and not restarted
  sim::Micros lastProgress_ = 0;
};

}  // namespace lockscope::run
