// The GUI's copy of a run's trace: every event, with its strings interned, so a 100,000-event run
// costs a few megabytes and any prefix of it can be replayed in time order. It is a trace sink:
// attach it to a run and it records everything the checkers and the golden files see.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "sim/trace/trace.h"

namespace lockscope::gui {

using TextId = uint32_t;  // 0 is the empty string

struct StoredEvent {
  sim::Micros time = 0;
  sim::TraceKind kind = sim::TraceKind::Note;
  sim::TraceOp op;  // typed: compared as an enum, named by sim::name
  TextId actor = 0, label = 0, path = 0, rc = 0, value = 0, detail = 0;
  int64_t session = 0, zxid = 0, request = 0;
};

class RecordedTrace final : public sim::TraceSink {
 public:
  RecordedTrace();
  void onEvent(const sim::TraceEvent& event) override;

  const std::vector<StoredEvent>& events() const { return events_; }
  size_t size() const { return events_.size(); }
  const StoredEvent& operator[](size_t index) const { return events_[index]; }
  std::string_view text(TextId id) const { return texts_[id]; }
  // The id of `text` if it occurs anywhere in the trace, else 0 (the empty string's id).
  TextId find(std::string_view text) const;
  // The number of events at or before `time` (events are in time order).
  size_t countUpTo(sim::Micros time) const;
  // The event as the trace's sinks saw it; the views point into this recording.
  sim::TraceEvent view(const StoredEvent& event) const;
  size_t textCount() const { return texts_.size(); }

 private:
  TextId intern(std::string_view text);

  std::vector<StoredEvent> events_;
  std::vector<std::string> texts_;
  std::map<std::string, TextId, std::less<>> ids_;
};

}  // namespace lockscope::gui
