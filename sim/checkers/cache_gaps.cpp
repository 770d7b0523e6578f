#include "cache_gaps.h"

namespace lockscope::checkers {

void CacheGaps::onEvent(const sim::TraceEvent& event, ClientId actor) {
  if (event.kind != sim::TraceKind::Note || event.op != sim::NoteOp::Cache || actor == kNoClient)
    return;
  const auto key = std::make_pair(actor, std::string(event.path));
  const auto last = loaded_.find(key);
  if (last != loaded_.end() && last->second >= 0 && event.request > last->second + 1)
    missed_ += event.request - last->second - 1;
  loaded_[key] = event.request;
}

}  // namespace lockscope::checkers
