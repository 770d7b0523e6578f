#include "java_text.h"

namespace lockscope::zookeeper::model {
namespace {

constexpr char32_t kReplacement = 0xFFFD;

bool isContinuation(unsigned char byte) { return (byte & 0xC0) == 0x80; }

// One character from `at` on, advancing `at` past it. Malformed input gives U+FFFD and skips
// as many bytes as UTF_8.malformedN does: the lead byte alone when the second byte cannot
// follow it (overlong, out of range, not a continuation), else up to the first bad byte; a
// complete but surrogate 3-byte sequence goes as a whole. A sequence cut off by the end of the
// input is skipped whole (CharsetDecoder's malformed remainder).
char32_t decodeOne(std::string_view bytes, size_t& at) {
  const auto byteAt = [&bytes](size_t i) { return static_cast<unsigned char>(bytes[i]); };
  const unsigned char lead = byteAt(at);
  const size_t left = bytes.size() - at;
  size_t length = 0;
  char32_t point = 0;
  if (lead < 0x80) {
    ++at;
    return lead;
  } else if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    point = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    point = lead & 0x0F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    point = lead & 0x07;
  } else {
    ++at;
    return kReplacement;
  }
  if (left >= 2) {
    const unsigned char second = byteAt(at + 1);
    const bool secondFits = isContinuation(second) && !(lead == 0xE0 && second < 0xA0) &&
                            !(lead == 0xF0 && second < 0x90) && !(lead == 0xF4 && second > 0x8F);
    if (!secondFits) {
      ++at;
      return kReplacement;
    }
  }
  for (size_t i = 1; i < length; ++i) {
    if (i >= left) {  // cut off by the end of the input
      at = bytes.size();
      return kReplacement;
    }
    if (!isContinuation(byteAt(at + i))) {
      at += i;
      return kReplacement;
    }
    point = point << 6 | (byteAt(at + i) & 0x3F);
  }
  at += length;
  if (point >= 0xD800 && point <= 0xDFFF) return kReplacement;
  return point;
}

}  // namespace

std::vector<uint16_t> javaUtf16(std::string_view bytes) {
  std::vector<uint16_t> units;
  for (size_t at = 0; at < bytes.size();) {
    const char32_t point = decodeOne(bytes, at);
    if (point < 0x10000) {
      units.push_back(static_cast<uint16_t>(point));
    } else {  // a surrogate pair
      units.push_back(static_cast<uint16_t>(0xD800 + ((point - 0x10000) >> 10)));
      units.push_back(static_cast<uint16_t>(0xDC00 + ((point - 0x10000) & 0x3FF)));
    }
  }
  return units;
}

std::string javaRecoded(std::string_view bytes) {
  std::string text;
  text.reserve(bytes.size());
  for (size_t at = 0; at < bytes.size();) {
    const size_t from = at;
    if (decodeOne(bytes, at) == kReplacement && bytes.substr(from, at - from) != "\xEF\xBF\xBD") {
      text += "\xEF\xBF\xBD";
    } else {
      text.append(bytes.substr(from, at - from));
    }
  }
  return text;
}

int32_t javaHashCode(std::string_view bytes) {
  uint32_t hash = 0;  // unsigned: Java's int arithmetic wraps
  for (const uint16_t unit : javaUtf16(bytes)) hash = 31 * hash + unit;
  return static_cast<int32_t>(hash);
}

std::string_view javaTrimmed(std::string_view text) {
  while (!text.empty() && static_cast<unsigned char>(text.front()) <= ' ') text.remove_prefix(1);
  while (!text.empty() && static_cast<unsigned char>(text.back()) <= ' ') text.remove_suffix(1);
  return text;
}

}  // namespace lockscope::zookeeper::model
