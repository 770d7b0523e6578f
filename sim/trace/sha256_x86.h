// SHA-256 block compression with the x86 SHA extensions (Intel SHA-NI, also on AMD Zen), used
// when the processor has them: the trace hash of a herd run covers hundreds of megabytes, and the
// extensions are about seven times faster than portable code. The result is bit-identical; the
// FIPS test vectors run through both paths (tst_trace).
#pragma once

#include <cstddef>
#include <cstdint>

namespace lockscope::sim {

// True when this processor can run compressBlocksShaNi().
bool cpuHasShaExtensions();

// Compresses `blocks` 64-byte blocks into `state` (the eight working words).
void compressBlocksShaNi(uint32_t state[8], const uint8_t* data, size_t blocks);

}  // namespace lockscope::sim
