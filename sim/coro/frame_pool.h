// Recycled memory for coroutine frames. A recipe awaits a few short-lived tasks per request
// (listQueue, retrying, waitForWakeUp, ...), so a 1,000-client herd creates and destroys about a
// million frames a second, in bursts of a thousand at a time: more than glibc's per-size caches
// hold, which sent every frame through malloc's slow path. Freed frames go on a free list per
// 64-byte size class instead, and are reused by the next frame of that class.
//
// The lists belong to the thread (a run is confined to one thread), keep at most the peak number
// of frames alive at once, and give everything back when the thread ends. Frames larger than the
// largest class use the global operator new.
#pragma once

#include <cstddef>

namespace lockscope::coro::detail {

void* allocateFrame(size_t size);
void freeFrame(void* frame, size_t size) noexcept;

}  // namespace lockscope::coro::detail
