// What travels between a model client and the model server: one request kind per client call,
// plus the session's connect handshake and pings, as in the real wire protocol.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "backends/api/children_list.h"
#include "backends/api/zookeeper_types.h"
#include "sim/trace/trace_ops.h"

namespace lockscope::zookeeper::model {

// The request kinds are the trace's ZooKeeper ops (sim/trace/trace_ops.h): one enum, named once.
using OpCode = sim::ZooKeeperOp;

bool isWrite(OpCode op);

struct Request {
  int64_t xid = 0;
  OpCode op = OpCode::Ping;
  std::string path;
  std::string data;
  CreateMode mode = CreateMode::Persistent;
  int32_t version = -1;
  std::vector<std::string> paths;  // Multi (a multi of deletes)
  bool watch = false;
  // SetWatches: the watches the client still holds, to re-arm after a reconnect, and the last
  // zxid it saw, to fire those whose node changed meanwhile.
  int64_t relativeZxid = 0;
  std::vector<std::string> dataWatches, existWatches, childWatches;
  // Fault injection: the connection breaks at the server instead of the reply going out, after
  // (ReplyLostApplied) or without (ReplyLostNotApplied) executing the request. The client cannot
  // tell the two apart: both are ConnectionLoss.
  enum class Fate { Normal, ReplyLostApplied, ReplyLostNotApplied };
  Fate fate = Fate::Normal;
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
};

}  // namespace lockscope::zookeeper::model
