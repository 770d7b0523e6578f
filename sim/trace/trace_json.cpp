#include "trace_json.h"

#include <charconv>

namespace lockscope::sim {
namespace {

void appendInteger(int64_t number, std::string& out) {
  char buffer[24];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, number);
  out.append(buffer, result.ptr);
}

void appendStringField(const char* key, std::string_view value, std::string& out) {
  if (value.empty()) return;
  out += ",\"";
  out += key;
  out += "\":";
  appendJsonString(value, out);
}

void appendIntegerField(const char* key, int64_t value, std::string& out) {
  if (value == 0) return;
  out += ",\"";
  out += key;
  out += "\":";
  appendInteger(value, out);
}

}  // namespace

void appendJsonString(std::string_view text, std::string& out) {
  static constexpr char hex[] = "0123456789abcdef";
  out += '"';
  // Runs of plain characters are appended whole; only quotes, backslashes and control characters
  // take the slow path. Trace text is almost always plain, and this is on every event's path.
  size_t plainFrom = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x20 && byte != '"' && byte != '\\') continue;
    out.append(text.data() + plainFrom, i - plainFrom);
    plainFrom = i + 1;
    switch (byte) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        out += "\\u00";
        out += hex[byte >> 4];
        out += hex[byte & 0xf];
    }
  }
  out.append(text.data() + plainFrom, text.size() - plainFrom);
  out += '"';
}

void appendJsonLine(const TraceEvent& event, std::string& out) {
  out += "{\"t\":";
  appendInteger(event.time, out);
  out += ",\"kind\":\"";
  out += traceKindName(event.kind);
  out += '"';
  appendStringField("actor", event.actor, out);
  appendStringField("op", event.op, out);
  appendStringField("path", event.path, out);
  appendStringField("rc", event.rc, out);
  appendStringField("value", event.value, out);
  appendIntegerField("session", event.session, out);
  appendIntegerField("zxid", event.zxid, out);
  appendIntegerField("request", event.request, out);
  appendStringField("detail", event.detail, out);
  out += "}\n";
}

}  // namespace lockscope::sim
