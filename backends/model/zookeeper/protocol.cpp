#include "protocol.h"

namespace lockscope::zookeeper::model {

bool isWrite(OpCode op) {
  return op == OpCode::Create || op == OpCode::Delete || op == OpCode::SetData ||
         op == OpCode::CloseSession || op == OpCode::Multi;
}

}  // namespace lockscope::zookeeper::model
