#include "zookeeper_types.h"

namespace lockscope::zookeeper {

std::string_view errorCodeName(ErrorCode code) {
  switch (code) {
    case ErrorCode::Ok: return "OK";
    case ErrorCode::ConnectionLoss: return "CONNECTIONLOSS";
    case ErrorCode::OperationTimeout: return "OPERATIONTIMEOUT";
    case ErrorCode::BadArguments: return "BADARGUMENTS";
    case ErrorCode::Unimplemented: return "UNIMPLEMENTED";
    case ErrorCode::NoNode: return "NONODE";
    case ErrorCode::NoAuth: return "NOAUTH";
    case ErrorCode::BadVersion: return "BADVERSION";
    case ErrorCode::NoChildrenForEphemerals: return "NOCHILDRENFOREPHEMERALS";
    case ErrorCode::NodeExists: return "NODEEXISTS";
    case ErrorCode::NotEmpty: return "NOTEMPTY";
    case ErrorCode::SessionExpired: return "SESSIONEXPIRED";
    case ErrorCode::InvalidAcl: return "INVALIDACL";
    case ErrorCode::AuthFailed: return "AUTHFAILED";
    case ErrorCode::NoWatcher: return "NOWATCHER";
  }
  return "UNKNOWN";
}

std::string_view createModeName(CreateMode mode) {
  switch (mode) {
    case CreateMode::Persistent: return "PERSISTENT";
    case CreateMode::Ephemeral: return "EPHEMERAL";
    case CreateMode::PersistentSequential: return "PERSISTENT_SEQUENTIAL";
    case CreateMode::EphemeralSequential: return "EPHEMERAL_SEQUENTIAL";
    case CreateMode::Container: return "CONTAINER";
    case CreateMode::PersistentWithTtl: return "PERSISTENT_WITH_TTL";
    case CreateMode::PersistentSequentialWithTtl: return "PERSISTENT_SEQUENTIAL_WITH_TTL";
  }
  return "UNKNOWN";
}

std::string_view eventTypeName(EventType type) {
  switch (type) {
    case EventType::None: return "None";
    case EventType::NodeCreated: return "NodeCreated";
    case EventType::NodeDeleted: return "NodeDeleted";
    case EventType::NodeDataChanged: return "NodeDataChanged";
    case EventType::NodeChildrenChanged: return "NodeChildrenChanged";
    case EventType::DataWatchRemoved: return "DataWatchRemoved";
    case EventType::ChildWatchRemoved: return "ChildWatchRemoved";
    case EventType::PersistentWatchRemoved: return "PersistentWatchRemoved";
  }
  return "Unknown";
}

std::string_view sessionStateName(SessionState state) {
  switch (state) {
    case SessionState::Disconnected: return "Disconnected";
    case SessionState::SyncConnected: return "SyncConnected";
    case SessionState::Expired: return "Expired";
    case SessionState::Closed: return "Closed";
  }
  return "Unknown";
}

}  // namespace lockscope::zookeeper
