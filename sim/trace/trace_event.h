// One line of the trace: everything that happened in a run, in order. The GUI, the metrics, the
// checkers and the golden files read the trace and nothing else, so every fact they need must be
// here. Field names are stable: they are the JSON Lines format (see trace_json.h).
#pragma once

#include <cstdint>
#include <string_view>

#include "../engine/virtual_time.h"
#include "trace_kind.h"
#include "trace_ops.h"

namespace lockscope::sim {

// Fields are views: an event is built on the appender's stack and handed to every sink, which
// copies what it keeps. Empty strings, no op and zero numbers are "absent" and left out of the
// JSON.
struct TraceEvent {
  Micros time = 0;
  TraceKind kind = TraceKind::Note;
  std::string_view actor;  // "server", a client's name, or "world"
  TraceOp op;              // what happened, typed by kind (trace_ops.h); JSON "op"
  std::string_view label;  // Step only: the recipe's name, written as "op" (an open set)
  std::string_view path;
  std::string_view rc;     // result code name, "OK" on success
  std::string_view value;  // created path, event type, session state, mode
  std::string_view detail;
  int64_t session = 0;
  int64_t zxid = 0;
  int64_t request = 0;  // the client's request number (xid)
};

// What the JSON writes under "op": the op's name, or a Step's label.
inline std::string_view opText(const TraceEvent& event) {
  return event.op.empty() ? event.label : name(event.op);
}

}  // namespace lockscope::sim
