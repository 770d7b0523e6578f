#include "trace_sinks.h"

#include "trace_json.h"

namespace lockscope::sim {

namespace {

// Large enough that the cost of an update() call vanishes, small enough to stay in the L1/L2 cache.
constexpr size_t kHashBatchBytes = 16 * 1024;

}  // namespace

TraceHasher::TraceHasher() : batch_(kHashBatchBytes) {}

void TraceHasher::onEvent(const TraceEvent& event) {
  const size_t needed = jsonLineMaxSize(event);
  if (batched_ + needed > batch_.size()) {
    sha_.update(std::string_view(batch_.data(), batched_));
    batched_ = 0;
    if (needed > batch_.size()) batch_.resize(needed);
  }
  batched_ = static_cast<size_t>(writeJsonLine(event, batch_.data() + batched_) - batch_.data());
}

std::string TraceHasher::finishHex() {
  sha_.update(std::string_view(batch_.data(), batched_));
  batched_ = 0;
  return sha_.finishHex();
}

void TraceFileWriter::onEvent(const TraceEvent& event) {
  line_.clear();
  appendJsonLine(event, line_);
  if (std::fwrite(line_.data(), 1, line_.size(), stream_) != line_.size()) failed_ = true;
}

TraceEvent RecordedEvent::view() const {
  return TraceEvent{time, kind, actor, op, label, path, rc, value, detail, session, zxid, request};
}

void TraceRecorder::onEvent(const TraceEvent& event) {
  events_.push_back(RecordedEvent{
      event.time, event.kind, std::string(event.actor), event.op, std::string(event.label),
      std::string(event.path), std::string(event.rc), std::string(event.value),
      std::string(event.detail), event.session, event.zxid, event.request});
}

}  // namespace lockscope::sim
