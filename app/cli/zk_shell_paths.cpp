#include "zk_shell_paths.h"

#include <cstdint>
#include <vector>

namespace lockscope::cli {

namespace {

// The path as Java sees it: UTF-16 code units, since positions in messages count those.
std::vector<uint32_t> utf16Units(const std::string& text) {
  std::vector<uint32_t> units;
  for (size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    uint32_t codePoint = byte;
    size_t length = 1;
    if (byte >= 0xF0) {
      codePoint = byte & 0x07u;
      length = 4;
    } else if (byte >= 0xE0) {
      codePoint = byte & 0x0Fu;
      length = 3;
    } else if (byte >= 0xC0) {
      codePoint = byte & 0x1Fu;
      length = 2;
    } else if (byte >= 0x80) {
      codePoint = 0xFFFD;  // a stray continuation byte: Java's decoder substitutes U+FFFD
    }
    if (i + length > text.size()) {
      length = 1;
      codePoint = 0xFFFD;
    }
    for (size_t k = 1; k < length; ++k)
      codePoint = (codePoint << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3Fu);
    if (codePoint >= 0x10000) {
      units.push_back(0xD800 + ((codePoint - 0x10000) >> 10));
      units.push_back(0xDC00 + ((codePoint - 0x10000) & 0x3FF));
    } else {
      units.push_back(codePoint);
    }
    i += length;
  }
  return units;
}

bool isInvalidCharacter(uint32_t c) {
  return (c > 0x0000 && c <= 0x001F) || (c >= 0x007F && c <= 0x009F) ||
         (c >= 0xD800 && c <= 0xF8FF) || (c >= 0xFFF0 && c <= 0xFFFF);
}

std::optional<std::string> reasonWithin(const std::vector<uint32_t>& chars) {
  uint32_t last = '/';
  for (size_t i = 1; i < chars.size(); last = chars[i], ++i) {
    const uint32_t c = chars[i];
    const bool endsName = i + 1 == chars.size() || chars[i + 1] == '/';
    const std::string at = "@" + std::to_string(i);
    if (c == 0) return "null character not allowed " + at;
    if (c == '/' && last == '/') return "empty node name specified " + at;
    if (c == '.' && last == '.') {
      if (chars[i - 2] == '/' && endsName) return "relative paths not allowed " + at;
    } else if (c == '.') {
      if (chars[i - 1] == '/' && endsName) return "relative paths not allowed " + at;
    } else if (isInvalidCharacter(c)) {
      return "invalid character " + at;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> pathProblem(const std::string& requested, bool sequential) {
  const std::string path = sequential ? requested + "1" : requested;
  if (path.empty()) return "Path length must be > 0";
  if (path[0] != '/') return "Path must start with / character";
  if (path.size() == 1) return std::nullopt;
  if (path.back() == '/') return "Path must not end with / character";
  if (auto reason = reasonWithin(utf16Units(path)))
    return "Invalid path string \"" + path + "\" caused by " + *reason;
  return std::nullopt;
}

}  // namespace lockscope::cli
