#include "trace_json.h"

#include <charconv>
#include <cstring>

namespace lockscope::sim {
namespace {

// Every event's line is written through these, six million times in a 1,000-client herd, so
// they write into a buffer sized in advance: no std::string growth checks per piece.
constexpr size_t kMaxIntegerChars = 20;  // "-9223372036854775808"
constexpr size_t kEscapedByteChars = 6;  // \u00XX

char* writeBytes(std::string_view bytes, char* out) {
  std::memcpy(out, bytes.data(), bytes.size());
  return out + bytes.size();
}

char* writeInteger(int64_t number, char* out) {
  return std::to_chars(out, out + kMaxIntegerChars, number).ptr;
}

// `text` as a JSON string literal without its quotes.
char* writeEscaped(std::string_view text, char* out) {
  static constexpr char hex[] = "0123456789abcdef";
  // Runs of plain characters are copied whole; only quotes, backslashes and control characters
  // take the slow path. Trace text is almost always plain.
  size_t plainFrom = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x20 && byte != '"' && byte != '\\') continue;
    out = writeBytes(text.substr(plainFrom, i - plainFrom), out);
    plainFrom = i + 1;
    *out++ = '\\';
    switch (byte) {
      case '"': *out++ = '"'; break;
      case '\\': *out++ = '\\'; break;
      case '\n': *out++ = 'n'; break;
      case '\r': *out++ = 'r'; break;
      case '\t': *out++ = 't'; break;
      default:
        out = writeBytes("u00", out);
        *out++ = hex[byte >> 4];
        *out++ = hex[byte & 0xf];
    }
  }
  return writeBytes(text.substr(plainFrom), out);
}

// `prefix` is the key with its punctuation, e.g. `,"actor":"`, written in one copy.
char* writeStringField(std::string_view prefix, std::string_view value, char* out) {
  if (value.empty()) return out;
  out = writeEscaped(value, writeBytes(prefix, out));
  *out++ = '"';
  return out;
}

char* writeIntegerField(std::string_view prefix, int64_t value, char* out) {
  if (value == 0) return out;
  return writeInteger(value, writeBytes(prefix, out));
}

// Longest key with its punctuation (`,"session":`), bounding each field's overhead.
constexpr size_t kMaxFieldOverhead = 16;

}  // namespace

size_t jsonLineMaxSize(const TraceEvent& event) {
  const size_t textBytes = event.actor.size() + opText(event).size() + event.path.size() +
                           event.rc.size() + event.value.size() + event.detail.size();
  // `{"t":` + time + `,"kind":"` + kind (at most 15) + `"` + 9 fields + `}\n`.
  return 32 + kMaxIntegerChars + 9 * kMaxFieldOverhead + 3 * kMaxIntegerChars +
         kEscapedByteChars * textBytes;
}

char* writeJsonLine(const TraceEvent& event, char* out) {
  out = writeInteger(event.time, writeBytes("{\"t\":", out));
  out = writeBytes(traceKindName(event.kind), writeBytes(",\"kind\":\"", out));
  *out++ = '"';
  out = writeStringField(",\"actor\":\"", event.actor, out);
  out = writeStringField(",\"op\":\"", opText(event), out);
  out = writeStringField(",\"path\":\"", event.path, out);
  out = writeStringField(",\"rc\":\"", event.rc, out);
  out = writeStringField(",\"value\":\"", event.value, out);
  out = writeIntegerField(",\"session\":", event.session, out);
  out = writeIntegerField(",\"zxid\":", event.zxid, out);
  out = writeIntegerField(",\"request\":", event.request, out);
  out = writeStringField(",\"detail\":\"", event.detail, out);
  return writeBytes("}\n", out);
}

void appendJsonLine(const TraceEvent& event, std::string& out) {
  const size_t start = out.size();
  out.resize(start + jsonLineMaxSize(event));
  char* end = writeJsonLine(event, out.data() + start);
  out.resize(static_cast<size_t>(end - out.data()));
}

void appendJsonString(std::string_view text, std::string& out) {
  const size_t start = out.size();
  out.resize(start + 2 + kEscapedByteChars * text.size());
  char* end = out.data() + start;
  *end++ = '"';
  end = writeEscaped(text, end);
  *end++ = '"';
  out.resize(static_cast<size_t>(end - out.data()));
}

}  // namespace lockscope::sim
