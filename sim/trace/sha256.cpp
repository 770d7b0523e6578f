#include "sha256.h"

#include <cstring>

#include "sha256_round_constants.h"
#include "sha256_x86.h"

namespace lockscope::sim {
namespace {

constexpr uint32_t rotateRight(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

bool& shaExtensionsWanted() {
  static bool wanted = true;
  return wanted;
}

bool cpuCanUseShaExtensions() {
  static const bool available = cpuHasShaExtensions();
  return available;
}

}  // namespace

Sha256::Sha256()
    : state_{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
             0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19} {}

void Sha256::useShaExtensions(bool enabled) { shaExtensionsWanted() = enabled; }

bool Sha256::usingShaExtensions() { return shaExtensionsWanted() && cpuCanUseShaExtensions(); }

void Sha256::compressBlocks(const uint8_t* data, size_t blocks) {
  if (usingShaExtensions()) {
    compressBlocksShaNi(state_.data(), data, blocks);
    return;
  }
  for (; blocks > 0; --blocks, data += 64) compress(data);
}

void Sha256::compress(const uint8_t* block) {
  uint32_t w[64];
  for (int i = 0; i < 16; ++i) {
    w[i] = (uint32_t{block[4 * i]} << 24) | (uint32_t{block[4 * i + 1]} << 16) |
           (uint32_t{block[4 * i + 2]} << 8) | uint32_t{block[4 * i + 3]};
  }
  for (int i = 16; i < 64; ++i) {
    const uint32_t s0 = rotateRight(w[i - 15], 7) ^ rotateRight(w[i - 15], 18) ^ (w[i - 15] >> 3);
    const uint32_t s1 = rotateRight(w[i - 2], 17) ^ rotateRight(w[i - 2], 19) ^ (w[i - 2] >> 10);
    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
  }
  uint32_t a = state_[0], b = state_[1], c = state_[2], d = state_[3];
  uint32_t e = state_[4], f = state_[5], g = state_[6], h = state_[7];
  for (int i = 0; i < 64; ++i) {
    const uint32_t s1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25);
    const uint32_t choice = (e & f) ^ (~e & g);
    const uint32_t t1 = h + s1 + choice + kSha256RoundConstants[i] + w[i];
    const uint32_t s0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22);
    const uint32_t majority = (a & b) ^ (a & c) ^ (b & c);
    const uint32_t t2 = s0 + majority;
    h = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + t2;
  }
  state_[0] += a;
  state_[1] += b;
  state_[2] += c;
  state_[3] += d;
  state_[4] += e;
  state_[5] += f;
  state_[6] += g;
  state_[7] += h;
}

void Sha256::update(std::string_view bytes) {
  const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
  size_t size = bytes.size();
  totalBytes_ += size;
  if (buffered_ > 0) {
    const size_t take = std::min(size, buffer_.size() - buffered_);
    std::memcpy(buffer_.data() + buffered_, data, take);
    buffered_ += take;
    data += take;
    size -= take;
    if (buffered_ < buffer_.size()) return;
    compressBlocks(buffer_.data(), 1);
    buffered_ = 0;
  }
  const size_t blocks = size / 64;
  if (blocks > 0) compressBlocks(data, blocks);
  data += blocks * 64;
  size -= blocks * 64;
  std::memcpy(buffer_.data(), data, size);
  buffered_ = size;
}

std::string Sha256::finishHex() {
  const uint64_t totalBits = totalBytes_ * 8;
  const uint8_t pad = 0x80;
  update(std::string_view(reinterpret_cast<const char*>(&pad), 1));
  const uint8_t zero = 0;
  while (buffered_ != 56) update(std::string_view(reinterpret_cast<const char*>(&zero), 1));
  uint8_t length[8];
  for (int i = 0; i < 8; ++i) length[i] = static_cast<uint8_t>(totalBits >> (56 - 8 * i));
  update(std::string_view(reinterpret_cast<const char*>(length), 8));

  static constexpr char hex[] = "0123456789abcdef";
  std::string digest;
  digest.reserve(64);
  for (const uint32_t word : state_) {
    for (int shift = 28; shift >= 0; shift -= 4) digest += hex[(word >> shift) & 0xf];
  }
  return digest;
}

}  // namespace lockscope::sim
