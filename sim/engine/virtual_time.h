// Virtual time: microseconds since the start of a run. The world owns it; nothing in sim/ or
// backends/model/ reads a wall clock.
#pragma once

#include <cstdint>

namespace lockscope::sim {

using Micros = int64_t;

constexpr Micros fromMillis(int64_t milliseconds) { return milliseconds * 1000; }
constexpr Micros fromSeconds(int64_t seconds) { return seconds * 1000 * 1000; }
constexpr int64_t toMillis(Micros micros) { return micros / 1000; }

}  // namespace lockscope::sim
