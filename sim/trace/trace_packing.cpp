#include "trace_packing.h"

#include <array>
#include <cstdint>
#include <cstring>

namespace lockscope::sim {

namespace {

struct Header {
  int64_t time, session, zxid, request;
  std::array<uint32_t, 6> lengths;  // actor, op, path, rc, value, detail
  TraceKind kind;
};

std::array<std::string_view, 6> stringsOf(const TraceEvent& event) {
  return {event.actor, event.op, event.path, event.rc, event.value, event.detail};
}

}  // namespace

size_t packedSize(const TraceEvent& event) {
  size_t size = sizeof(Header);
  for (std::string_view text : stringsOf(event)) size += text.size();
  return size;
}

char* packEvent(const TraceEvent& event, char* out) {
  Header header{.time = event.time, .session = event.session, .zxid = event.zxid,
                .request = event.request, .lengths = {}, .kind = event.kind};
  const auto strings = stringsOf(event);
  char* text = out + sizeof(Header);
  for (size_t i = 0; i < strings.size(); ++i) {
    header.lengths[i] = static_cast<uint32_t>(strings[i].size());
    if (!strings[i].empty()) std::memcpy(text, strings[i].data(), strings[i].size());
    text += strings[i].size();
  }
  std::memcpy(out, &header, sizeof(Header));
  return text;
}

const char* unpackEvent(const char* in, TraceEvent& event) {
  Header header;
  std::memcpy(&header, in, sizeof(Header));
  const char* text = in + sizeof(Header);
  std::array<std::string_view, 6> strings;
  for (size_t i = 0; i < strings.size(); ++i) {
    strings[i] = std::string_view(text, header.lengths[i]);
    text += header.lengths[i];
  }
  event = TraceEvent{header.time, header.kind, strings[0], strings[1], strings[2], strings[3],
                     strings[4], strings[5], header.session, header.zxid, header.request};
  return text;
}

}  // namespace lockscope::sim
