// The JSON Lines form of a trace event, the one format of trace files and of the trace hash.
// Field order is fixed (t, kind, actor, op, path, rc, value, session, zxid, request, detail);
// absent fields are left out. Same events, same bytes, on any machine.
#pragma once

#include <cstddef>
#include <string>

#include "trace_event.h"

namespace lockscope::sim {

// The most bytes writeJsonLine can write for `event` (every text byte escaped as \u00XX).
size_t jsonLineMaxSize(const TraceEvent& event);

// Writes one line, newline included, at `out`, which must have room for jsonLineMaxSize(event)
// bytes; returns the end of what it wrote. The hot path of every sink: no allocation.
char* writeJsonLine(const TraceEvent& event, char* out);

// Appends one line, newline included, to `out`.
void appendJsonLine(const TraceEvent& event, std::string& out);

// Appends `text` as a JSON string literal (quotes included).
void appendJsonString(std::string_view text, std::string& out);

}  // namespace lockscope::sim
