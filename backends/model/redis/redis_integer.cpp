#include "redis_integer.h"

#include <limits>

namespace lockscope::redis::model {

bool parseRedisInteger(std::string_view text, int64_t& out) {
  // util.c's string2ll: 20 characters at most ("-9223372036854775808").
  if (text.empty() || text.size() > 20) return false;
  if (text == "0") {
    out = 0;
    return true;
  }
  size_t at = 0;
  const bool negative = text[0] == '-';
  if (negative && ++at == text.size()) return false;
  if (text[at] < '1' || text[at] > '9') return false;
  uint64_t magnitude = 0;
  for (; at < text.size(); ++at) {
    const char c = text[at];
    if (c < '0' || c > '9') return false;
    const uint64_t digit = static_cast<uint64_t>(c - '0');
    if (magnitude > (std::numeric_limits<uint64_t>::max() - digit) / 10) return false;
    magnitude = magnitude * 10 + digit;
  }
  constexpr uint64_t kMaxPositive = std::numeric_limits<int64_t>::max();
  if (negative) {
    if (magnitude > kMaxPositive + 1) return false;
    out = magnitude == kMaxPositive + 1 ? std::numeric_limits<int64_t>::min()
                                        : -static_cast<int64_t>(magnitude);
  } else {
    if (magnitude > kMaxPositive) return false;
    out = static_cast<int64_t>(magnitude);
  }
  return true;
}

bool addWithoutOverflow(int64_t& number, int64_t by) {
  if ((by > 0 && number > std::numeric_limits<int64_t>::max() - by) ||
      (by < 0 && number < std::numeric_limits<int64_t>::min() - by))
    return false;
  number += by;
  return true;
}

}  // namespace lockscope::redis::model
