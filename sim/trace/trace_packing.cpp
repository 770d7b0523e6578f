#include "trace_packing.h"

#include <array>
#include <cstdint>
#include <cstring>

namespace lockscope::sim {

namespace {

// Layout: the time (8 bytes), Header, then each non-zero number (session, zxid, request) as 8
// bytes, then a 4-byte length for each string of kLongText bytes or more, then the strings'
// bytes. The time travels outside the header so that the header needs no padding: 18 bytes
// where a typed op (2 bytes) replaced the op's text.
constexpr uint8_t kLongText = 255;
constexpr size_t kNumbers = 3;
constexpr size_t kStrings = 6;

struct Header {
  TraceKind kind;
  uint8_t presentNumbers;  // bit i: number i follows
  OpSet opSet;
  uint8_t opCode;
  std::array<uint8_t, kStrings>
      lengths;  // actor, label, path, rc, value, detail; kLongText: see after
};
static_assert(sizeof(Header) == 10);

std::array<std::string_view, kStrings> stringsOf(const TraceEvent& event) {
  return {event.actor, event.label, event.path, event.rc, event.value, event.detail};
}

// Copies n bytes, Word <= n <= 2 * Word, as two possibly overlapping words.
template <typename Word>
void copyTwoWords(char* out, const char* in, size_t n) {
  Word head, tail;
  std::memcpy(&head, in, sizeof(Word));
  std::memcpy(&tail, in + n - sizeof(Word), sizeof(Word));
  std::memcpy(out, &head, sizeof(Word));
  std::memcpy(out + n - sizeof(Word), &tail, sizeof(Word));
}

struct SixteenBytes {
  char bytes[16];
};

// Short copies as a couple of possibly overlapping word moves: most of a trace's strings are a
// few bytes ("c12", "OK", "/lock"), where a call to memcpy costs more than the copy.
char* copyText(char* out, std::string_view text) {
  const size_t n = text.size();
  const char* in = text.data();
  if (n > 32) {
    std::memcpy(out, in, n);
  } else if (n > 16) {
    copyTwoWords<SixteenBytes>(out, in, n);
  } else if (n >= 8) {
    copyTwoWords<uint64_t>(out, in, n);
  } else if (n >= 4) {
    copyTwoWords<uint32_t>(out, in, n);
  } else if (n > 0) {
    out[0] = in[0];
    out[n / 2] = in[n / 2];
    out[n - 1] = in[n - 1];
  }
  return out + n;
}

}  // namespace

size_t packedSizeBound(const TraceEvent& event) {
  size_t size = sizeof(int64_t) + sizeof(Header) + kNumbers * sizeof(int64_t) +
                kStrings * sizeof(uint32_t);
  for (std::string_view text : stringsOf(event)) size += text.size();
  return size;
}

char* packEvent(const TraceEvent& event, char* out) {
  Header header{.kind = event.kind,
                .presentNumbers = 0,
                .opSet = event.op.set(),
                .opCode = event.op.code(),
                .lengths = {}};
  std::memcpy(out, &event.time, sizeof(int64_t));
  char* const headerAt = out + sizeof(int64_t);
  char* at = headerAt + sizeof(Header);
  const std::array<int64_t, kNumbers> numbers{event.session, event.zxid, event.request};
  for (size_t i = 0; i < kNumbers; ++i) {
    if (numbers[i] == 0) continue;
    header.presentNumbers |= static_cast<uint8_t>(1u << i);
    std::memcpy(at, &numbers[i], sizeof(int64_t));
    at += sizeof(int64_t);
  }
  const auto strings = stringsOf(event);
  for (size_t i = 0; i < kStrings; ++i) {
    if (strings[i].size() < kLongText) {
      header.lengths[i] = static_cast<uint8_t>(strings[i].size());
      continue;
    }
    header.lengths[i] = kLongText;
    const auto length = static_cast<uint32_t>(strings[i].size());
    std::memcpy(at, &length, sizeof length);
    at += sizeof length;
  }
  for (std::string_view text : strings) at = copyText(at, text);
  std::memcpy(headerAt, &header, sizeof(Header));
  return at;
}

const char* unpackEvent(const char* in, TraceEvent& event) {
  int64_t time;
  std::memcpy(&time, in, sizeof(int64_t));
  Header header;
  std::memcpy(&header, in + sizeof(int64_t), sizeof(Header));
  const char* at = in + sizeof(int64_t) + sizeof(Header);
  std::array<int64_t, kNumbers> numbers{};
  for (size_t i = 0; i < kNumbers; ++i) {
    if ((header.presentNumbers & (1u << i)) == 0) continue;
    std::memcpy(&numbers[i], at, sizeof(int64_t));
    at += sizeof(int64_t);
  }
  std::array<size_t, kStrings> lengths{};
  for (size_t i = 0; i < kStrings; ++i) {
    lengths[i] = header.lengths[i];
    if (header.lengths[i] != kLongText) continue;
    uint32_t length;
    std::memcpy(&length, at, sizeof length);
    at += sizeof length;
    lengths[i] = length;
  }
  std::array<std::string_view, kStrings> strings;
  for (size_t i = 0; i < kStrings; ++i) {
    strings[i] = std::string_view(at, lengths[i]);
    at += lengths[i];
  }
  event = TraceEvent{
      time,       header.kind, strings[0], TraceOp::fromCode(header.opSet, header.opCode),
      strings[1], strings[2],  strings[3], strings[4],
      strings[5], numbers[0],  numbers[1], numbers[2]};
  return at;
}

}  // namespace lockscope::sim
