// One line of the trace: everything that happened in a run, in order. The GUI, the metrics, the
// checkers and the golden files read the trace and nothing else, so every fact they need must be
// here. Field names are stable: they are the JSON Lines format (see trace_json.h).
#pragma once

#include <cstdint>
#include <string_view>

#include "../engine/virtual_time.h"

namespace lockscope::sim {

enum class TraceKind : uint8_t {
  Request,        // a client sent a request: op, path, request
  Reply,          // a client received a reply: op, path, request, rc (+ value: created path / data)
  NodeCreated,    // the server created a znode: path, zxid, session (owner if ephemeral), mode
  NodeDeleted,    // the server deleted a znode: path, zxid
  NodeChanged,    // the server changed a znode's data: path, zxid, version
  WatchSet,       // a watch was armed at the server: path, watch ("data"|"child"|"exists")
  WatchFired,     // the server fired a watch: path, event
  WatchDelivered, // the client received a watch event: path, event
  SessionState,   // a session changed state: session, state
  Fault,          // a fault was injected: fault (+ detail)
  Process,        // a client process changed state: state
  Lock,           // a client's lock state: op ("acquiring"|"acquired"|"releasing"|"released"|
                  //   "timed_out"|"failed"), path (its node), value (mode), request (fencing token)
  Resource,       // the protected resource: op ("read"|"write"|"rejected"), value (the number),
                  //   request (fencing token presented), detail (why rejected)
  Step,           // a client reached a pseudocode line: op (recipe), request (line, from 1)
  Note,           // free text for lessons and tools: detail
  // Redis (backends/model/redis); actor is the instance ("redis-1", "redis-1-r1").
  KeyChanged,     // a key was written: op (cause: "set"|"incr"|"pexpire"|"hincrby"), path (key),
                  //   value (string, or "field=count,..." for a hash), request (PTTL ms then, -1:
                  //   no expiry), zxid (the instance's replication offset), detail ("replicated")
  KeyDeleted,     // a key went: op ("del"|"expired"), path, zxid, detail ("active"|"replicated")
  RedisInstance,  // an instance's state: op ("up"|"down"|"promoted"|"clock"), value (role
                  //   "master"|"replica"), path (the master a replica follows, on its first "up"),
                  //   request (its clock's reading in ms), zxid (offset), detail
};

const char* traceKindName(TraceKind kind);

// Fields are views: an event is built on the appender's stack and handed to every sink, which
// copies what it keeps. Empty strings and zero numbers are "absent" and left out of the JSON.
struct TraceEvent {
  Micros time = 0;
  TraceKind kind = TraceKind::Note;
  std::string_view actor;        // "server", a client's name, or "world"
  std::string_view op;           // request kind, fault kind, watch type, or process state
  std::string_view path;
  std::string_view rc;           // result code name, "OK" on success
  std::string_view value;        // created path, event type, session state, mode
  std::string_view detail;
  int64_t session = 0;
  int64_t zxid = 0;
  int64_t request = 0;      // the client's request number (xid)
};

}  // namespace lockscope::sim
