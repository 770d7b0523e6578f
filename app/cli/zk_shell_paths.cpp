#include "zk_shell_paths.h"

#include <cstdint>
#include <vector>

#include "backends/model/zookeeper/java_text.h"

namespace lockscope::cli {

namespace {

bool isInvalidCharacter(uint32_t c) {
  return (c > 0x0000 && c <= 0x001F) || (c >= 0x007F && c <= 0x009F) ||
         (c >= 0xD800 && c <= 0xF8FF) || (c >= 0xFFF0 && c <= 0xFFFF);
}

std::optional<std::string> reasonWithin(const std::vector<uint16_t>& chars) {
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
  // Positions count UTF-16 code units, as Java's do.
  if (auto reason = reasonWithin(zookeeper::model::javaUtf16(path)))
    return "Invalid path string \"" + path + "\" caused by " + *reason;
  return std::nullopt;
}

}  // namespace lockscope::cli
