// The kinds of trace event, and which fields each carries. An event's `op` is typed per kind
// (trace_ops.h says which enum goes with which kind); the JSON Lines names are stable.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace lockscope::sim {

enum class TraceKind : uint8_t {
  Request,      // a client sent a request: op (ZooKeeperOp or RedisOp), path, request
  Reply,        // a client received a reply: op, path, request, rc (+ value: created path / data)
  NodeCreated,  // the server created a znode: path, zxid, session (owner if ephemeral), mode
  NodeDeleted,  // the server deleted a znode: path, zxid
  NodeChanged,  // the server changed a znode's data: path, value (data), zxid, request (version)
  WatchSet,     // a watch was armed at the server: path, op (WatchOp)
  WatchFired,   // the server fired a watch: path, event
  WatchDelivered,  // the client received a watch event: path, event
  SessionState,    // a session changed state: session, op (SessionOp)
  Fault,           // a fault was injected: op (FaultKind, or ServerFaultOp) (+ detail)
  Process,         // a client process changed state: op (ProcessOp)
  Lock,            // a client's lock state: op (LockOp), path (its node), value (mode), request
                   //   (fencing token)
  Resource,        // the protected resource: op (ResourceOp), value (the number), request (fencing
                   //   token presented), detail (why rejected)
  Step,            // a client reached a pseudocode line: label (the recipe), request (line, from 1)
  Note,            // free text for lessons and tools: detail (+ op: NoteOp, what it is about)
  // Redis (backends/model/redis); actor is the instance ("redis-1", "redis-1-r1").
  KeyChanged,     // a key was written: op (KeyChangedOp), path (key), value (string, or
                  //   "field=count,..." for a hash), request (PTTL ms then, -1: no expiry), zxid
                  //   (the instance's replication offset), detail ("replicated")
  KeyDeleted,     // a key went: op (KeyDeletedOp), path, zxid, detail ("active"|"replicated")
  RedisInstance,  // an instance's state: op (RedisInstanceOp), value (role "master"|"replica"),
                  //   path (the master a replica follows, on its first "up"), request (its
                  //   clock's reading in ms), zxid (offset), detail
  // Databases (backends/model/database); actor is the client whose transaction did it.
  Row,          // a row changed: op (RowOp), path ("table/key"), value (the row: "owner=c1 ..."),
                //   zxid (the transaction), detail ("uncommitted", "rolled back")
  RowLock,      // a lock on a row, gap or advisory key: op (RowLockOp), path ("locks/lock",
                //   "advisory/42", "gap:locks/lock"), value (mode), zxid (the transaction), detail
                //   (who it waits for; a deadlock's cycle)
  Transaction,  // a transaction began or ended: op (TransactionOp), zxid (the transaction),
                //   session (the connection), detail (why it was aborted)
  // ZooKeeper again, after the others so that no kind's number moved.
  WatchRemoved,  // the server took a watch away (removeWatches): path, op (WatchOp: the table it
                 //   left, data or child), session
};
inline constexpr size_t kTraceKindCount = static_cast<size_t>(TraceKind::WatchRemoved) + 1;

const char* traceKindName(TraceKind kind);
// The kind whose name is `name`, for the JSON reader.
std::optional<TraceKind> traceKindNamed(std::string_view name);

}  // namespace lockscope::sim
