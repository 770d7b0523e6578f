// The trace: the single stream every model and client appends to. It does not store events
// itself; sinks (hasher, file writer, recorder for the GUI and checkers) decide what to keep, so a
// million-event run that is only hashed costs no memory.
#pragma once

#include <cstdint>
#include <vector>

#include "trace_event.h"

namespace lockscope::sim {

class TraceSink {
 public:
  virtual ~TraceSink() = default;
  virtual void onEvent(const TraceEvent& event) = 0;
};

class Trace {
 public:
  // Sinks are not owned and must outlive the trace's use; they see events in append order.
  void addSink(TraceSink* sink) { sinks_.push_back(sink); }
  void removeSink(TraceSink* sink);

  void append(const TraceEvent& event);

  uint64_t eventCount() const { return count_; }

 private:
  std::vector<TraceSink*> sinks_;
  uint64_t count_ = 0;
};

}  // namespace lockscope::sim
