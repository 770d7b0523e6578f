// Small readings of trace events that several checkers share: who is the server, what mode a
// lock event names, where a lock node sits and its sequence number.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>

#include "sim/trace/trace_event.h"

namespace lockscope::checkers {

// Ordered maps keyed by a path that can be looked up with the event's string_view.
template <typename Value>
using PathMap = std::map<std::string, Value, std::less<>>;

enum class HoldMode : uint8_t { Exclusive, Read, Write };

// "read" and "write" as such; anything else (normally "exclusive") is exclusive.
HoldMode holdModeOf(std::string_view value);
const char* holdModeName(HoldMode mode);
inline bool excludesOthers(HoldMode mode) { return mode != HoldMode::Read; }

inline bool isServer(const sim::TraceEvent& event) { return event.actor == "server"; }
inline bool isProcess(const sim::TraceEvent& event, sim::ProcessOp state) {
  return event.kind == sim::TraceKind::Process && event.op == state;
}
// The server ended a session: expired or closed (its ephemerals and watches go with it).
inline bool isServerSessionEnd(const sim::TraceEvent& event) {
  return event.kind == sim::TraceKind::SessionState && isServer(event) &&
         (event.op == sim::SessionOp::Expired || event.op == sim::SessionOp::Closed);
}

// "/lock/x-0000000042" -> "/lock"; "/a" -> "/"; no slash -> "".
std::string_view parentOf(std::string_view path);
// The sequence number of a sequential node: its last 10 characters, when they are all digits;
// -1 otherwise.
int64_t sequenceOf(std::string_view path);
// The number a resource event's value holds ("41"); 0 when it holds none.
int64_t resourceNumber(std::string_view value);

}  // namespace lockscope::checkers
