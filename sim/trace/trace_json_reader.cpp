#include "trace_json_reader.h"

#include <charconv>
#include <optional>

namespace lockscope::sim {
namespace {

// A cursor over one line, reading the little JSON the writer produces.
class LineParser {
 public:
  explicit LineParser(std::string_view line) : line_(line) {}

  bool atEnd() {
    skipSpace();
    return at_ == line_.size();
  }
  bool take(char expected) {
    skipSpace();
    if (at_ < line_.size() && line_[at_] == expected) {
      ++at_;
      return true;
    }
    return false;
  }
  bool peek(char expected) {
    skipSpace();
    return at_ < line_.size() && line_[at_] == expected;
  }

  std::optional<std::string> string() {
    if (!take('"')) return std::nullopt;
    std::string out;
    while (at_ < line_.size()) {
      const char c = line_[at_++];
      if (c == '"') return out;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (at_ >= line_.size()) return std::nullopt;
      const char escaped = line_[at_++];
      switch (escaped) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'u': {
          // The writer escapes control bytes only (\u00XX); a byte is what it stood for.
          unsigned code = 0;
          if (at_ + 4 > line_.size()) return std::nullopt;
          const auto [end, ec] = std::from_chars(line_.data() + at_, line_.data() + at_ + 4, code,
                                                 16);
          if (ec != std::errc() || end != line_.data() + at_ + 4 || code > 0xff)
            return std::nullopt;
          out += static_cast<char>(code);
          at_ += 4;
          break;
        }
        default: return std::nullopt;
      }
    }
    return std::nullopt;
  }

  std::optional<int64_t> integer() {
    skipSpace();
    int64_t value = 0;
    const auto [end, ec] = std::from_chars(line_.data() + at_, line_.data() + line_.size(), value);
    if (ec != std::errc()) return std::nullopt;
    at_ = static_cast<size_t>(end - line_.data());
    return value;
  }

 private:
  void skipSpace() {
    while (at_ < line_.size() && (line_[at_] == ' ' || line_[at_] == '\t' || line_[at_] == '\r'))
      ++at_;
  }

  std::string_view line_;
  size_t at_ = 0;
};

// Sets the field `key` of `event` from the parser's next value; false (and `error`) if it cannot.
bool readField(const std::string& key, LineParser& parser, RecordedEvent& event,
               std::string& opText, std::string& kindText, std::string& error) {
  std::string* text = key == "actor"    ? &event.actor
                      : key == "op"     ? &opText
                      : key == "kind"   ? &kindText
                      : key == "path"   ? &event.path
                      : key == "rc"     ? &event.rc
                      : key == "value"  ? &event.value
                      : key == "detail" ? &event.detail
                                        : nullptr;
  if (text) {
    auto value = parser.string();
    if (!value) {
      error = "expected a string for \"" + key + "\"";
      return false;
    }
    *text = std::move(*value);
    return true;
  }
  int64_t* number = key == "t"         ? &event.time
                    : key == "session" ? &event.session
                    : key == "zxid"    ? &event.zxid
                    : key == "request" ? &event.request
                                       : nullptr;
  if (!number) {
    error = "unknown key \"" + key + "\"";
    return false;
  }
  const auto value = parser.integer();
  if (!value) {
    error = "expected an integer for \"" + key + "\"";
    return false;
  }
  *number = *value;
  return true;
}

// The op's text as the kind's typed op, or a Step's label.
bool readOp(const std::string& text, RecordedEvent& event, std::string& error) {
  if (text.empty()) return true;
  if (event.kind == TraceKind::Step) {
    event.label = text;
    return true;
  }
  if (const auto op = parseTraceOp(event.kind, text)) {
    event.op = *op;
    return true;
  }
  const std::string expected = opNamesFor(event.kind);
  error = "unknown op '" + text + "' for a " + traceKindName(event.kind) + " event; " +
          (expected.empty() ? std::string("expected none") : "expected one of: " + expected);
  return false;
}

}  // namespace

bool readJsonLine(std::string_view line, RecordedEvent& event, std::string& error) {
  event = RecordedEvent{};
  LineParser parser(line);
  std::string opText, kindText;
  if (!parser.take('{')) {
    error = "expected '{'";
    return false;
  }
  bool first = true;
  while (!parser.take('}')) {
    if (!first && !parser.take(',')) {
      error = "expected ',' or '}'";
      return false;
    }
    first = false;
    const auto key = parser.string();
    if (!key || !parser.take(':')) {
      error = "expected a \"key\": value";
      return false;
    }
    if (!readField(*key, parser, event, opText, kindText, error)) return false;
  }
  if (!parser.atEnd()) {
    error = "text after the event's '}'";
    return false;
  }
  const auto kind = traceKindNamed(kindText);
  if (!kind) {
    error = "unknown kind '" + kindText + "'";
    return false;
  }
  event.kind = *kind;
  return readOp(opText, event, error);
}

std::vector<RecordedEvent> readJsonLines(std::string_view text, std::string& error) {
  std::vector<RecordedEvent> events;
  size_t lineNumber = 0;
  while (!text.empty()) {
    ++lineNumber;
    const size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    if (line.empty()) continue;
    RecordedEvent event;
    std::string why;
    if (!readJsonLine(line, event, why)) {
      error = "line " + std::to_string(lineNumber) + ": " + why;
      return events;
    }
    events.push_back(std::move(event));
  }
  return events;
}

}  // namespace lockscope::sim
