#include "trace_sinks.h"

#include "trace_json.h"

namespace lockscope::sim {

void TraceHasher::onEvent(const TraceEvent& event) {
  line_.clear();
  appendJsonLine(event, line_);
  sha_.update(line_);
}

std::string TraceHasher::finishHex() { return sha_.finishHex(); }

void TraceFileWriter::onEvent(const TraceEvent& event) {
  line_.clear();
  appendJsonLine(event, line_);
  if (std::fwrite(line_.data(), 1, line_.size(), stream_) != line_.size()) failed_ = true;
}

TraceEvent RecordedEvent::view() const {
  return TraceEvent{time, kind, actor, op, path, rc, value, detail, session, zxid, request};
}

void TraceRecorder::onEvent(const TraceEvent& event) {
  events_.push_back(RecordedEvent{event.time, event.kind, std::string(event.actor),
                                  std::string(event.op), std::string(event.path),
                                  std::string(event.rc), std::string(event.value),
                                  std::string(event.detail), event.session, event.zxid,
                                  event.request});
}

}  // namespace lockscope::sim
