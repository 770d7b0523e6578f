#include "protocol.h"

namespace lockscope::zookeeper::model {

bool isWrite(OpCode op) {
  return op == OpCode::Create || op == OpCode::Delete || op == OpCode::SetData ||
         op == OpCode::CloseSession || op == OpCode::Multi || op == OpCode::SetAcl;
}

namespace {

constexpr size_t kInt = 4;
constexpr size_t kLong = 8;
constexpr size_t kBool = 1;
constexpr size_t kHeader = 2 * kInt;  // RequestHeader: xid, type
// A ustring or a buffer: its length, then its bytes.
size_t bytes(const std::string& text) { return kInt + text.size(); }
// A vector<ACL>: its length, then per entry the perms and the Id's two ustrings. An empty one
// stands for the default, world:anyone:cdrwa.
size_t aclList(const std::vector<Acl>& acl) {
  if (acl.empty()) return kInt + kInt + bytes("world") + bytes("anyone");
  size_t length = kInt;
  for (const Acl& entry : acl) length += kInt + bytes(entry.scheme) + bytes(entry.id);
  return length;
}
// MultiHeader: type, done, err; one before each op and one closing the list.
constexpr size_t kMultiHeader = kInt + kBool + kInt;

}  // namespace

size_t serializedLength(const Request& request) {
  switch (request.op) {
    case OpCode::Create:  // CreateRequest: path, data, acl, flags; CreateTTLRequest adds ttl
      return kHeader + bytes(request.path) + bytes(request.data) + aclList(request.more().acl) +
             kInt + (isTtl(request.mode) ? kLong : 0);
    case OpCode::SetAcl:  // SetACLRequest: path, acl, version
      return kHeader + bytes(request.path) + aclList(request.more().acl) + kInt;
    case OpCode::AddAuth:  // AuthPacket: type, scheme, auth
      return kHeader + kInt + bytes(request.more().scheme) + bytes(request.more().auth);
    case OpCode::Delete:  // DeleteRequest: path, version
      return kHeader + bytes(request.path) + kInt;
    case OpCode::SetData:  // SetDataRequest: path, data, version
      return kHeader + bytes(request.path) + bytes(request.data) + kInt;
    case OpCode::Exists:  // path, watch
    case OpCode::GetData:
    case OpCode::GetChildren: return kHeader + bytes(request.path) + kBool;
    case OpCode::Sync:                  // SyncRequest: path
    case OpCode::GetAcl:                // GetACLRequest: path
    case OpCode::GetAllChildrenNumber:  // GetAllChildrenNumberRequest: path
    case OpCode::GetEphemerals:         // GetEphemeralsRequest: prefixPath
      return kHeader + bytes(request.path);
    case OpCode::AddWatch:       // AddWatchRequest: path, mode
    case OpCode::RemoveWatches:  // RemoveWatchesRequest: path, type
      return kHeader + bytes(request.path) + kInt;
    case OpCode::Multi: {  // deletes only
      size_t length = kHeader + kMultiHeader;
      for (const std::string& path : request.more().paths)
        length += kMultiHeader + bytes(path) + kInt;
      return length;
    }
    case OpCode::SetWatches: {  // relativeZxid, then three lists of paths
      size_t length = kHeader + 2 * kInt;
      for (const auto* paths :
           {&request.dataWatches, &request.existWatches, &request.childWatches}) {
        length += kInt;
        for (const std::string& path : *paths) length += bytes(path);
      }
      return length;
    }
    case OpCode::Ping:
    case OpCode::CloseSession:
    case OpCode::WhoAmI: return kHeader;
  }
  return kHeader;
}

}  // namespace lockscope::zookeeper::model
