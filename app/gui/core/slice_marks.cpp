#include "slice_marks.h"

#include "run_timeline.h"
#include "sim/checkers/causal_slice.h"

namespace lockscope::gui {

SliceMarks::SliceMarks(const RunTimeline& timeline, const checkers::Violation& violation) {
  const RecordedTrace& trace = timeline.trace();
  std::vector<sim::TraceEvent> views;
  views.reserve(trace.size());
  for (const StoredEvent& event : trace.events()) views.push_back(trace.view(event));
  const checkers::CausalSlice slice = checkers::causalSlice(views, violation);
  if (slice.events.empty()) return;
  events_.assign(trace.size(), false);
  count_ = slice.events.size();
  for (size_t index : slice.events) {
    events_[index] = true;
    const StoredEvent& event = trace[index];
    if (event.path != 0) paths_.emplace(trace.text(event.path));
    const int client = timeline.cast().clientOfActor(event.actor);
    if (client == kNoClient) continue;
    clients_.insert(client);
    if (event.kind == sim::TraceKind::Lock && event.op == sim::LockOp::Acquired)
      grants_.insert({client, event.time});
  }
  summary_ = checkers::sliceSummary(views, slice, timeline.report().origin);
}

}  // namespace lockscope::gui
