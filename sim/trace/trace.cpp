#include "trace.h"

#include <algorithm>

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
  }
  return "unknown";
}

void Trace::removeSink(TraceSink* sink) {
  sinks_.erase(std::remove(sinks_.begin(), sinks_.end(), sink), sinks_.end());
}

void Trace::append(const TraceEvent& event) {
  ++count_;
  for (TraceSink* sink : sinks_) sink->onEvent(event);
}

}  // namespace lockscope::sim
