#include "trace_facts.h"

#include <charconv>

namespace lockscope::checkers {

HoldMode holdModeOf(std::string_view value) {
  if (value == "read") return HoldMode::Read;
  if (value == "write") return HoldMode::Write;
  return HoldMode::Exclusive;
}

const char* holdModeName(HoldMode mode) {
  switch (mode) {
    case HoldMode::Exclusive: return "exclusive";
    case HoldMode::Read: return "read";
    case HoldMode::Write: return "write";
  }
  return "exclusive";
}

std::string_view parentOf(std::string_view path) {
  const size_t slash = path.rfind('/');
  if (slash == std::string_view::npos) return {};
  if (slash == 0) return path.substr(0, 1);
  return path.substr(0, slash);
}

int64_t sequenceOf(std::string_view path) {
  constexpr size_t kDigits = 10;  // ZooKeeper formats the parent's cversion as %010d
  if (path.size() < kDigits) return -1;
  int64_t sequence = 0;
  for (const char c : path.substr(path.size() - kDigits)) {
    if (c < '0' || c > '9') return -1;
    sequence = sequence * 10 + (c - '0');
  }
  return sequence;
}

int64_t resourceNumber(std::string_view value) {
  int64_t number = 0;
  std::from_chars(value.data(), value.data() + value.size(), number);
  return number;
}

}  // namespace lockscope::checkers
