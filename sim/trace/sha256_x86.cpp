#include "sha256_x86.h"

#include "sha256_round_constants.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>

namespace lockscope::sim {

bool cpuHasShaExtensions() {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return false;
  const bool sha = (ebx >> 29) & 1;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return false;
  const bool ssse3 = (ecx >> 9) & 1, sse41 = (ecx >> 19) & 1;
  return sha && ssse3 && sse41;
}

__attribute__((target("sha,sse4.1,ssse3"))) void compressBlocksShaNi(uint32_t state[8],
                                                                     const uint8_t* data,
                                                                     size_t blocks) {
  const __m128i byteSwap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
  // The instructions want the state as ABEF and CDGH.
  __m128i tmp = _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(&state[0])),
                                  0xB1);
  __m128i state1 = _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(&state[4])),
                                     0x1B);
  __m128i state0 = _mm_alignr_epi8(tmp, state1, 8);
  state1 = _mm_blend_epi16(state1, tmp, 0xF0);

  for (; blocks > 0; --blocks, data += 64) {
    const __m128i savedAbef = state0, savedCdgh = state1;
    __m128i words[4];
    // Sixteen groups of four rounds; words[g % 4] holds the group's four message words, and the
    // schedule for later groups is computed in the same registers as it goes. Unrolled so that
    // words[] stays in registers and the group tests vanish: as a loop GCC kept words[] in memory
    // and ran at about half the speed of OpenSSL's SHA-NI code on the same machine.
#pragma GCC unroll 16
    for (int group = 0; group < 16; ++group) {
      __m128i& current = words[group % 4];
      if (group < 4) {
        current = _mm_shuffle_epi8(
            _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + 16 * group)), byteSwap);
      }
      const auto* constants = reinterpret_cast<const __m128i*>(&kSha256RoundConstants[4 * group]);
      __m128i message = _mm_add_epi32(current, _mm_load_si128(constants));
      state1 = _mm_sha256rnds2_epu32(state1, state0, message);
      if (group >= 3 && group <= 14) {
        __m128i& next = words[(group + 1) % 4];
        const __m128i& previous = words[(group + 3) % 4];
        next = _mm_add_epi32(next, _mm_alignr_epi8(current, previous, 4));
        next = _mm_sha256msg2_epu32(next, current);
      }
      message = _mm_shuffle_epi32(message, 0x0E);
      state0 = _mm_sha256rnds2_epu32(state0, state1, message);
      if (group >= 1 && group <= 12) {
        __m128i& previous = words[(group + 3) % 4];
        previous = _mm_sha256msg1_epu32(previous, current);
      }
    }
    state0 = _mm_add_epi32(state0, savedAbef);
    state1 = _mm_add_epi32(state1, savedCdgh);
  }

  tmp = _mm_shuffle_epi32(state0, 0x1B);
  state1 = _mm_shuffle_epi32(state1, 0xB1);
  state0 = _mm_blend_epi16(tmp, state1, 0xF0);
  state1 = _mm_alignr_epi8(state1, tmp, 8);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(&state[0]), state0);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(&state[4]), state1);
}

}  // namespace lockscope::sim

#else

namespace lockscope::sim {
bool cpuHasShaExtensions() { return false; }
void compressBlocksShaNi(uint32_t*, const uint8_t*, size_t) {}
}  // namespace lockscope::sim

#endif
