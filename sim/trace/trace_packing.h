// A trace event packed into bytes and back, to hand it to another thread: the event's strings are
// views that die with the append, so they travel as copies behind a fixed header.
#pragma once

#include <cstddef>

#include "trace_event.h"

namespace lockscope::sim {

size_t packedSize(const TraceEvent& event);
// Writes packedSize(event) bytes at `out`; returns the end.
char* packEvent(const TraceEvent& event, char* out);
// Reads one event at `in` (its strings are views into the bytes); returns where the next begins.
const char* unpackEvent(const char* in, TraceEvent& event);

}  // namespace lockscope::sim
