#include "recorded_trace.h"

#include <algorithm>

namespace lockscope::gui {

RecordedTrace::RecordedTrace() {
  texts_.emplace_back();
  ids_.emplace(std::string(), 0);
}

TextId RecordedTrace::intern(std::string_view text) {
  if (text.empty()) return 0;
  const auto found = ids_.find(text);
  if (found != ids_.end()) return found->second;
  const auto id = static_cast<TextId>(texts_.size());
  texts_.emplace_back(text);
  ids_.emplace(std::string(text), id);
  return id;
}

TextId RecordedTrace::find(std::string_view text) const {
  const auto found = ids_.find(text);
  return found == ids_.end() ? 0 : found->second;
}

void RecordedTrace::onEvent(const sim::TraceEvent& event) {
  StoredEvent stored;
  stored.time = event.time;
  stored.kind = event.kind;
  stored.actor = intern(event.actor);
  stored.op = event.op;
  stored.label = intern(event.label);
  stored.path = intern(event.path);
  stored.rc = intern(event.rc);
  stored.value = intern(event.value);
  stored.detail = intern(event.detail);
  stored.session = event.session;
  stored.zxid = event.zxid;
  stored.request = event.request;
  events_.push_back(stored);
}

size_t RecordedTrace::countUpTo(sim::Micros time) const {
  const auto after = std::upper_bound(
      events_.begin(), events_.end(), time,
      [](sim::Micros t, const StoredEvent& e) { return t < e.time; });
  return static_cast<size_t>(after - events_.begin());
}

sim::TraceEvent RecordedTrace::view(const StoredEvent& event) const {
  return sim::TraceEvent{event.time,         event.kind,       text(event.actor), event.op,
                         text(event.label),  text(event.path), text(event.rc),    text(event.value),
                         text(event.detail), event.session,    event.zxid,        event.request};
}

}  // namespace lockscope::gui
