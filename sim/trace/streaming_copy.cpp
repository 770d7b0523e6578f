#include "streaming_copy.h"

#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace lockscope::sim {

void streamingCopy(char* to, const char* from, size_t size) {
#if defined(__SSE2__)
  if (reinterpret_cast<uintptr_t>(to) % 16 == 0) {
    size_t done = 0;
    for (; done + 16 <= size; done += 16) {
      const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + done));
      _mm_stream_si128(reinterpret_cast<__m128i*>(to + done), chunk);
    }
    std::memcpy(to + done, from + done, size - done);
    return;
  }
#endif
  std::memcpy(to, from, size);
}

void streamingFence() {
#if defined(__SSE2__)
  _mm_sfence();  // non-temporal stores are not ordered by a mutex's release on x86
#endif
}

}  // namespace lockscope::sim
