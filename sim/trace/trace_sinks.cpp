#include "trace_sinks.h"

#include "trace_json.h"

namespace lockscope::sim {

namespace {

// Large enough that handing a batch to the hashing thread costs nothing per line, small enough
// to stay in the L2 cache between the two threads.
constexpr size_t kHashBatchBytes = 1024 * 1024;

}  // namespace

TraceHasher::TraceHasher() : hasher_(kHashBatchBytes), batch_(HashBatch::withCapacity(kHashBatchBytes)) {}

void TraceHasher::onEvent(const TraceEvent& event) {
  const size_t needed = jsonLineMaxSize(event);
  if (batch_.used + needed > batch_.capacity) batch_ = hasher_.handOver(std::move(batch_), needed);
  batch_.used = static_cast<size_t>(writeJsonLine(event, batch_.data.get() + batch_.used) - batch_.data.get());
}

std::string TraceHasher::finishHex() { return hasher_.finishHex(std::move(batch_)); }

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
