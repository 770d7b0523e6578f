#include "yaml_reader.h"

#include <algorithm>
#include <charconv>
#include <locale>
#include <sstream>

namespace lockscope::scenario {
namespace {

// Edit distance, to suggest the key the author probably meant.
size_t distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string kindName(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Map: return "a mapping";
    case YAML::NodeType::Sequence: return "a list";
    case YAML::NodeType::Scalar: return "'" + node.Scalar() + "'";
    case YAML::NodeType::Null: return "nothing";
    default: return "an undefined value";
  }
}

}  // namespace

std::string SourceLocation::describe() const {
  if (line == 0) return file;
  return file + ":" + std::to_string(line) + ":" + std::to_string(column);
}

SourceLocation YamlReader::locate(const YAML::Node& node, const std::string& path) const {
  for (const std::string& overridden : overridden_) {
    if (path == overridden || path.rfind(overridden + ".", 0) == 0 ||
        path.rfind(overridden + "[", 0) == 0) {
      return SourceLocation{"--set " + overridden, 0, 0};
    }
  }
  if (!node.IsDefined()) return SourceLocation{file_, 0, 0};
  const YAML::Mark mark = node.Mark();
  if (mark.is_null()) return SourceLocation{file_, 0, 0};
  return SourceLocation{file_, mark.line + 1, mark.column + 1};
}

void YamlReader::fail(const YAML::Node& node, const std::string& path,
                      const std::string& message) const {
  throw ScenarioError(locate(node, path).describe() + ": " + message);
}

void YamlReader::requireMap(const YAML::Node& node, const std::string& path) const {
  if (!node.IsMap())
    fail(node, path, "expected a mapping for '" + path + "', got " + kindName(node));
}

void YamlReader::requireList(const YAML::Node& node, const std::string& path) const {
  if (!node.IsSequence())
    fail(node, path, "expected a list for '" + path + "', got " + kindName(node));
}

void YamlReader::requireKeys(const YAML::Node& map, const std::string& path,
                             const std::vector<std::string>& allowed) const {
  requireMap(map, path);
  for (const auto& entry : map) {
    const std::string key = entry.first.Scalar();
    if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
    std::string closest;
    size_t best = SIZE_MAX;
    for (const std::string& candidate : allowed) {
      const size_t d = distance(key, candidate);
      if (d < best) best = d, closest = candidate;
    }
    // A short excerpt only: the key may be a line of a file that was never a scenario.
    size_t cut = std::min<size_t>(key.size(), 40);
    while (cut < key.size() && cut > 0 && (static_cast<unsigned char>(key[cut]) & 0xC0) == 0x80)
      --cut;  // whole UTF-8 characters
    const std::string shown = cut < key.size() ? key.substr(0, cut) + "..." : key;
    std::string message = "unknown key '" + shown + "'" +
                          (path.empty() ? "" : " in '" + path + "'");
    if (best <= 3) message += " (did you mean '" + closest + "'?)";
    else {
      message += "; expected one of:";
      for (const std::string& candidate : allowed) message += " " + candidate;
    }
    fail(entry.first, path.empty() ? key : path + "." + key, message);
  }
}

std::string YamlReader::text(const YAML::Node& node, const std::string& path) const {
  if (!node.IsScalar()) fail(node, path, "expected text for '" + path + "', got " + kindName(node));
  return node.Scalar();
}

LocalizedText YamlReader::localizedText(const YAML::Node& node, const std::string& path) const {
  LocalizedText localized;
  localized.location = locate(node, path);
  if (node.IsScalar()) {
    localized.en = node.Scalar();
    return localized;
  }
  if (!node.IsMap()) {
    fail(node, path,
         "expected text, or a mapping with 'en' (English) and 'zh' (Chinese), for '" + path +
             "', got " + kindName(node));
  }
  for (const auto& entry : node) {
    const std::string key = entry.first.IsScalar() ? entry.first.Scalar() : std::string();
    if (key == "en" || key == "zh") continue;
    fail(entry.first, path + "." + key,
         "unknown language '" + key + "' in '" + path +
             "'; expected 'en' (English, required) and 'zh' (Chinese, optional)");
  }
  if (!node["en"]) {
    fail(node, path,
         "missing 'en' in '" + path +
             "': the English text is required ('zh' is optional and falls back to it)");
  }
  localized.en = text(node["en"], path + ".en");
  if (node["zh"]) localized.zh = text(node["zh"], path + ".zh");
  return localized;
}

int64_t YamlReader::integer(const YAML::Node& node, const std::string& path, int64_t min,
                            int64_t max) const {
  const std::string value = text(node, path);
  int64_t number = 0;
  const auto result = std::from_chars(value.data(), value.data() + value.size(), number);
  if (result.ec != std::errc() || result.ptr != value.data() + value.size()) {
    fail(node, path, "expected a whole number for '" + path + "', got '" + value + "'");
  }
  if (number < min || number > max) {
    fail(node, path,
         "'" + path + "' must be between " + std::to_string(min) + " and " + std::to_string(max) +
             ", got " + value);
  }
  return number;
}

uint64_t YamlReader::unsignedInteger(const YAML::Node& node, const std::string& path) const {
  const std::string value = text(node, path);
  uint64_t number = 0;
  const auto result = std::from_chars(value.data(), value.data() + value.size(), number);
  if (result.ec != std::errc() || result.ptr != value.data() + value.size()) {
    fail(node, path,
         "expected a non-negative whole number for '" + path + "', got '" + value + "'");
  }
  return number;
}

bool YamlReader::boolean(const YAML::Node& node, const std::string& path) const {
  const std::string value = text(node, path);
  if (value == "true" || value == "yes") return true;
  if (value == "false" || value == "no") return false;
  fail(node, path, "expected true or false for '" + path + "', got '" + value + "'");
}

bool parseDurationText(const std::string& text, sim::Micros& micros) {
  if (text.empty()) return false;
  size_t digits = 0;
  while (digits < text.size() &&
         (std::isdigit(static_cast<unsigned char>(text[digits])) || text[digits] == '.')) {
    ++digits;
  }
  const std::string number = text.substr(0, digits);
  const std::string unit = text.substr(digits);
  if (number.empty() || std::count(number.begin(), number.end(), '.') > 1) return false;
  // Fixed-point in microseconds, no floating point: "2.5s" is exactly 2,500,000 us.
  const size_t dot = number.find('.');
  const std::string whole = number.substr(0, dot);
  const std::string fraction = dot == std::string::npos ? "" : number.substr(dot + 1);
  int64_t scale;
  if (unit == "s") scale = 1'000'000;
  else if (unit == "ms" || unit.empty()) scale = 1'000;
  else if (unit == "us") scale = 1;
  else return false;
  if (whole.size() > 12 || fraction.size() > 6) return false;
  int64_t value = whole.empty() ? 0 : std::stoll(whole) * scale;
  int64_t fractionScale = scale;
  for (const char digit : fraction) {
    fractionScale /= 10;
    if (fractionScale == 0 && digit != '0') return false;  // finer than a microsecond
    value += (digit - '0') * fractionScale;
  }
  micros = value;
  return true;
}

sim::Micros YamlReader::duration(const YAML::Node& node, const std::string& path) const {
  const std::string value = text(node, path);
  sim::Micros micros = 0;
  if (!parseDurationText(value, micros)) {
    fail(node, path,
         "expected a duration for '" + path + "' such as 250ms, 2s, 2.5s or 1500us, got '" + value +
             "'");
  }
  return micros;
}

void YamlReader::bound(const YAML::Node& node, const std::string& path, std::string& comparison,
                       double& value) const {
  const std::string written = text(node, path);
  static const std::vector<std::string> operators = {"<=", ">=", "==", "!=", "<", ">"};
  std::string rest = written;
  comparison = "==";
  for (const std::string& op : operators) {
    if (written.rfind(op, 0) == 0) {
      comparison = op;
      rest = written.substr(op.size());
      break;
    }
  }
  std::istringstream number(rest);
  number.imbue(std::locale::classic());
  std::string trailing;
  if (!(number >> value) || (number >> trailing)) {
    fail(node, path,
         "expected a bound such as '>= 6' or '== 10' for '" + path + "', got '" + written + "'");
  }
}

}  // namespace lockscope::scenario
