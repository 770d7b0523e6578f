// A trace event packed into bytes and back, to hand it to another thread: the event's strings are
// views that die with the append, so they travel as copies behind a small header.
//
// The run's thread packs millions of events, so the layout is compact (a typical event takes
// about half the bytes of a fixed layout, which halves the memory both threads stream through)
// and packing is one pass with inline copies of the short strings most events carry.
#pragma once

#include <cstddef>

#include "trace_event.h"

namespace lockscope::sim {

// At least the bytes packEvent writes for `event` (exact up to a few dozen bytes of slack).
size_t packedSizeBound(const TraceEvent& event);
// Writes the event at `out` (at most packedSizeBound(event) bytes); returns the end.
char* packEvent(const TraceEvent& event, char* out);
// Reads one event at `in` (its strings are views into the bytes); returns where the next begins.
const char* unpackEvent(const char* in, TraceEvent& event);

}  // namespace lockscope::sim
