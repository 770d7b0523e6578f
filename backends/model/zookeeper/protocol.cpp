#include "protocol.h"

namespace lockscope::zookeeper::model {

const char* opCodeName(OpCode op) {
  switch (op) {
    case OpCode::Create: return "create";
    case OpCode::Delete: return "delete";
    case OpCode::Exists: return "exists";
    case OpCode::GetData: return "getData";
    case OpCode::SetData: return "setData";
    case OpCode::GetChildren: return "getChildren";
    case OpCode::Sync: return "sync";
    case OpCode::Ping: return "ping";
    case OpCode::CloseSession: return "closeSession";
    case OpCode::SetWatches: return "setWatches";
    case OpCode::MultiDelete: return "multi";
  }
  return "unknown";
}

bool isWrite(OpCode op) {
  return op == OpCode::Create || op == OpCode::Delete || op == OpCode::SetData ||
         op == OpCode::CloseSession || op == OpCode::MultiDelete;
}

}  // namespace lockscope::zookeeper::model
