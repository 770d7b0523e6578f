// SHA-256 (FIPS 180-4), incremental. Our own so that sim/ needs no crypto library: the trace hash
// only has to be stable and collision-resistant, not fast against an attacker.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace lockscope::sim {

class Sha256 {
 public:
  Sha256();
  void update(std::string_view bytes);
  // Lower-case hex of the digest. Ends the computation; call once.
  std::string finishHex();

  // Whether the x86 SHA extensions are used when present (on by default). Tests turn it off to
  // run the portable code on the same inputs.
  static void useShaExtensions(bool enabled);
  static bool usingShaExtensions();

 private:
  void compress(const uint8_t* block);
  void compressBlocks(const uint8_t* data, size_t blocks);

  std::array<uint32_t, 8> state_;
  std::array<uint8_t, 64> buffer_{};
  size_t buffered_ = 0;
  uint64_t totalBytes_ = 0;
};

}  // namespace lockscope::sim
