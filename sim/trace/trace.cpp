#include "trace.h"

#include <algorithm>

#include "../engine/check.h"

namespace lockscope::sim {

const char* traceKindName(TraceKind kind) {
  switch (kind) {
    case TraceKind::Request: return "request";
    case TraceKind::Reply: return "reply";
    case TraceKind::NodeCreated: return "node_created";
    case TraceKind::NodeDeleted: return "node_deleted";
    case TraceKind::NodeChanged: return "node_changed";
    case TraceKind::WatchSet: return "watch_set";
    case TraceKind::WatchFired: return "watch_fired";
    case TraceKind::WatchDelivered: return "watch_delivered";
    case TraceKind::SessionState: return "session_state";
    case TraceKind::Fault: return "fault";
    case TraceKind::Process: return "process";
    case TraceKind::Lock: return "lock";
    case TraceKind::Resource: return "resource";
    case TraceKind::Step: return "step";
    case TraceKind::Note: return "note";
    case TraceKind::KeyChanged: return "key_changed";
    case TraceKind::KeyDeleted: return "key_deleted";
    case TraceKind::RedisInstance: return "redis_instance";
    case TraceKind::Row: return "row";
    case TraceKind::RowLock: return "row_lock";
    case TraceKind::Transaction: return "transaction";
    case TraceKind::WatchRemoved: return "watch_removed";
  }
  return "unknown";
}

std::optional<TraceKind> traceKindNamed(std::string_view name) {
  for (size_t i = 0; i < kTraceKindCount; ++i) {
    const auto kind = static_cast<TraceKind>(i);
    if (name == traceKindName(kind)) return kind;
  }
  return std::nullopt;
}

void Trace::removeSink(TraceSink* sink) {
  sinks_.erase(std::remove(sinks_.begin(), sinks_.end(), sink), sinks_.end());
}

void Trace::append(const TraceEvent& event) {
  // The op's enum says what kind of event it belongs to; a label is a Step's recipe only.
  LOCKSCOPE_CHECK(opFitsKind(event.kind, event.op.set()), "a trace op of another kind of event");
  LOCKSCOPE_CHECK(event.label.empty() || (event.kind == TraceKind::Step && event.op.empty()),
                  "a label on an event other than a Step");
  ++count_;
  for (TraceSink* sink : sinks_) sink->onEvent(event);
}

}  // namespace lockscope::sim
