// Copies bytes to memory that another core will read next, without pulling the destination into
// this core's cache first.
//
// The run's thread writes its packed trace into batches that the sinks' thread reads and hands
// back for reuse. Ordinary stores must first take each cache line back from the other core (a
// cross-core transfer per 64 bytes); measured on the herd, that made the two threads together
// burn 1.5 times the CPU of one thread doing everything. Non-temporal stores write whole lines
// straight to memory instead.
#pragma once

#include <cstddef>

namespace lockscope::sim {

// Copies `size` bytes; non-temporal when `to` is 16-byte aligned and the target has SSE2, an
// ordinary copy otherwise. Call streamingFence() before another thread may read what was copied.
void streamingCopy(char* to, const char* from, size_t size);
void streamingFence();

}  // namespace lockscope::sim
