#include "base64.h"

#include <algorithm>
#include <cstdint>

namespace lockscope::zookeeper::model {

std::string base64(std::string_view bytes) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string text;
  for (size_t at = 0; at < bytes.size(); at += 3) {
    const size_t count = std::min<size_t>(3, bytes.size() - at);
    uint32_t group = 0;
    for (size_t i = 0; i < 3; ++i)
      group = group << 8 | (i < count ? static_cast<uint8_t>(bytes[at + i]) : 0U);
    for (size_t i = 0; i < 4; ++i)
      text += i <= count ? kAlphabet[(group >> (18 - 6 * i)) & 63] : '=';
  }
  return text;
}

}  // namespace lockscope::zookeeper::model
