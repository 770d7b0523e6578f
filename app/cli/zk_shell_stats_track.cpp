#include "zk_shell_stats_track.h"

#include <vector>

#include "zk_shell_java_numbers.h"

namespace lockscope::cli {

namespace {

// String.split(regex): the pieces between matches, trailing empty pieces dropped (a leading
// empty one stays).
std::vector<std::string> javaSplit(const std::string& text, const std::string& separators) {
  std::vector<std::string> pieces;
  size_t start = 0;
  while (true) {
    const size_t at = text.find_first_of(separators, start);
    pieces.push_back(text.substr(start, at == std::string::npos ? at : at - start));
    if (at == std::string::npos) break;
    // "[,;]+" takes a whole run of separators; "=" takes one.
    start = separators.size() > 1 ? text.find_first_not_of(separators, at) : at + 1;
    if (start == std::string::npos) break;
  }
  if (pieces.size() == 1) return pieces;  // no match: the text itself, even when empty
  while (!pieces.empty() && pieces.back().empty()) pieces.pop_back();
  return pieces;
}

}  // namespace

std::optional<StatsTrack> StatsTrack::parse(const std::string& text, std::string& error) {
  StatsTrack track;
  if (text.empty()) return track;
  for (const std::string& pair : javaSplit(text, ",;")) {
    const std::vector<std::string> keyValue = javaSplit(pair, "=");
    if (keyValue.size() < 2) {
      error = "java.lang.ArrayIndexOutOfBoundsException: Index 1 out of bounds for length " +
              std::to_string(keyValue.size());
      return std::nullopt;
    }
    int64_t value = -1;
    if (!keyValue[1].empty() && !parseJavaLong(keyValue[1], value)) {
      error = "java.lang.NumberFormatException: For input string: \"" + keyValue[1] + "\"";
      return std::nullopt;
    }
    track.values_[keyValue[0]] = value;
  }
  return track;
}

std::string StatsTrack::text() const {
  std::string text = std::string(kCount) + "=" + std::to_string(count()) + "," + kBytes + "=" +
                     std::to_string(bytes());
  std::string others;
  for (const auto& [key, value] : values_) {
    if (key == kCount || key == kBytes) continue;
    others += ";" + key + "=" + std::to_string(value);
  }
  if (!others.empty()) text += "=" + others;
  return text;
}

}  // namespace lockscope::cli
