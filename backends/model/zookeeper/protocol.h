// What travels between a model client and the model server: one request kind per client call,
// plus the session's connect handshake and pings, as in the real wire protocol.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "backends/api/children_list.h"
#include "backends/api/zookeeper_types.h"
#include "sim/trace/trace_ops.h"

namespace lockscope::zookeeper::model {

// The request kinds are the trace's ZooKeeper ops (sim/trace/trace_ops.h): one enum, named once.
using OpCode = sim::ZooKeeperOp;

bool isWrite(OpCode op);

// jute.maxbuffer's default (0xfffff): the server closes the connection of a client whose request
// announces more bytes than this (NIOServerCnxn.readLength, "Len error"), before reading it.
constexpr size_t kJuteMaxBuffer = 1048575;

// What only the rarer requests carry: a pointer in Request, so that every other request stays
// small enough to travel without an allocation (sim::Connection::Message).
struct RequestDetails {
  std::vector<std::string> paths;  // Multi (a multi of deletes)
  std::vector<Acl> acl;            // Create (empty: world:anyone:cdrwa), SetAcl
  std::string scheme;              // AddAuth
  std::string auth;                // AddAuth: the credentials, never traced
};

struct Request {
  // Fault injection: the connection breaks at the server instead of the reply going out, after
  // (ReplyLostApplied) or without (ReplyLostNotApplied) executing the request. The client cannot
  // tell the two apart: both are ConnectionLoss.
  enum class Fate : uint8_t { Normal, ReplyLostApplied, ReplyLostNotApplied };

  // The small fields come first, together: a request travels inside a connection message
  // (sim::Connection::Message), whose room in place it must fit with the sender's captures.
  int64_t xid = 0;
  OpCode op = OpCode::Ping;
  bool watch = false;
  Fate fate = Fate::Normal;
  AddWatchMode watchMode = AddWatchMode::PersistentRecursive;  // AddWatch
  WatcherType watcherType = WatcherType::Any;                  // RemoveWatches
  bool local = false;  // RemoveWatches: the client's copy only, the server is not asked
  CreateMode mode = CreateMode::Persistent;
  int32_t version = -1;
  int64_t ttlMs = 0;  // Create with a TTL mode (CreateTTLRequest)
  std::string path;   // GetEphemerals: the prefix
  std::string data;
  std::shared_ptr<const RequestDetails> details;
  // SetWatches: the watches the client still holds, to re-arm after a reconnect, and the last
  // zxid it saw, to fire those whose node changed meanwhile.
  int64_t relativeZxid = 0;
  std::vector<std::string> dataWatches, existWatches, childWatches;

  const RequestDetails& more() const {
    static const RequestDetails kNone;
    return details ? *details : kNone;
  }
};

// The length the client's frame announces for `request`: its jute serialization (RequestHeader
// and the op's record, as ZooKeeper 3.8's Java client writes them), the 4-byte prefix excluded.
// Verified: `set /big <1,100,000 bytes>` is announced as 1100024 in the server's "Len error".
size_t serializedLength(const Request& request);

// What getAcl, getAllChildrenNumber, getEphemerals and whoAmI answer besides rc and Stat.
struct ReadDetails {
  std::vector<Acl> acl;                    // GetAcl
  int32_t count = 0;                       // GetAllChildrenNumber
  std::vector<std::string> paths;          // GetEphemerals
  std::vector<ClientIdentity> identities;  // WhoAmI
};

struct Reply {
  int64_t xid = 0;
  int64_t zxid = 0;  // the server's last zxid when it answered
  ErrorCode rc = ErrorCode::Ok;
  std::string path;  // created path
  std::string data;
  Stat stat;
  bool hasStat = false;
  Children children;
  // The answer of the reads only zkCli makes; a pointer, so that every other reply stays small
  // enough to travel without an allocation (sim::Connection::Message).
  std::shared_ptr<const ReadDetails> details;
};

}  // namespace lockscope::zookeeper::model
