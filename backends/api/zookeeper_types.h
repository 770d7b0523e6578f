// Value types of the ZooKeeper client API, shared by the model and the live backend.
//
// Numeric values follow the real protocol (ZooKeeper 3.8 `KeeperException.Code`, `Watcher.Event`)
// so that traces, the shell and the live backend can map them one to one.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace lockscope::zookeeper {

// Result of every call. Ok is 0; the rest are the server's error codes.
enum class ErrorCode : int {
  Ok = 0,
  ConnectionLoss = -4,
  OperationTimeout = -7,
  BadArguments = -8,
  // The server does not offer the request: a TTL create while extendedTypesEnabled is off.
  Unimplemented = -6,
  NoNode = -101,
  NoAuth = -102,  // the node's ACL does not grant the session the permission the call needs
  BadVersion = -103,
  NoChildrenForEphemerals = -108,
  NodeExists = -110,
  NotEmpty = -111,
  SessionExpired = -112,  // also every call on a handle after it expired or was closed
  InvalidAcl = -114,      // an ACL the server cannot use (fixupACL): unknown scheme, bad id
  AuthFailed = -115,      // addAuth with a scheme the server does not know, or no credentials
  NoWatcher = -121,       // removeWatches: no such watch, at the client or at the server
};

// The Java enum names ("NONODE", "NODEEXISTS", ...), as printed by zkCli in KeeperException text.
std::string_view errorCodeName(ErrorCode code);

enum class CreateMode : int {
  Persistent = 0,
  Ephemeral = 1,
  PersistentSequential = 2,
  EphemeralSequential = 3,
  Container = 4,
  // TTL nodes (`create -t`): persistent nodes the server removes once they have had no children
  // and no change for the TTL. The server takes them only with extendedTypesEnabled.
  PersistentWithTtl = 5,
  PersistentSequentialWithTtl = 6,
};

constexpr bool isSequential(CreateMode mode) {
  return mode == CreateMode::PersistentSequential || mode == CreateMode::EphemeralSequential ||
         mode == CreateMode::PersistentSequentialWithTtl;
}
constexpr bool isTtl(CreateMode mode) {
  return mode == CreateMode::PersistentWithTtl || mode == CreateMode::PersistentSequentialWithTtl;
}
// EphemeralType.TTL's largest TTL (ms), 2^40 - 1: the TTL shares the ephemeralOwner field.
constexpr int64_t kMaxTtlMs = 0xFF'FFFF'FFFFLL;
constexpr bool isEphemeral(CreateMode mode) {
  return mode == CreateMode::Ephemeral || mode == CreateMode::EphemeralSequential;
}
std::string_view createModeName(CreateMode mode);

// Every field of the server's Stat. Times are milliseconds since the epoch of the server's clock
// (virtual time in the model).
struct Stat {
  int64_t czxid = 0;
  int64_t mzxid = 0;
  int64_t ctime = 0;
  int64_t mtime = 0;
  int32_t version = 0;
  int32_t cversion = 0;
  int32_t aversion = 0;
  int64_t ephemeralOwner = 0;
  int32_t dataLength = 0;
  int32_t numChildren = 0;
  int64_t pzxid = 0;

  bool operator==(const Stat&) const = default;
};

// One entry of a node's ACL (ZooDefs.Perms bits: READ 1, WRITE 2, CREATE 4, DELETE 8, ADMIN 16).
struct Acl {
  std::string scheme;
  std::string id;
  int32_t permissions = 0;

  bool operator==(const Acl&) const = default;
};
constexpr int32_t kReadPermission = 1;
constexpr int32_t kWritePermission = 2;
constexpr int32_t kCreatePermission = 4;
constexpr int32_t kDeletePermission = 8;
constexpr int32_t kAdminPermission = 16;
constexpr int32_t kAllPermissions = 31;

// How a node is created besides its path, data and mode.
struct CreateOptions {
  // A TTL mode's time to live (0 < ttlMs <= kMaxTtlMs), as CreateTTLRequest sends it.
  int64_t ttlMs = 0;
  // The node's ACL as the client sends it (the server expands "auth" entries). Empty: the
  // backend's default, world:anyone:cdrwa in the model, the run's own ACL live.
  std::vector<Acl> acl;
};

// One identity the server holds for a connection (whoAmI's ClientInfo): "ip" and the client's
// address, "digest" and a user name, ...
struct ClientIdentity {
  std::string scheme;
  std::string user;

  bool operator==(const ClientIdentity&) const = default;
};

// Watcher.Event.EventType values.
enum class EventType : int {
  None = -1,
  NodeCreated = 1,
  NodeDeleted = 2,
  NodeDataChanged = 3,
  NodeChildrenChanged = 4,
  // What a client tells its own watcher when removeWatches took a watch away (no server event).
  DataWatchRemoved = 5,
  ChildWatchRemoved = 6,
  PersistentWatchRemoved = 7,
};
std::string_view eventTypeName(EventType type);

// AddWatchMode (zkCli's addWatch -m): a persistent watch fires on every change of its node's
// data and children and stays armed; a recursive one fires for the node and every node below
// it (created, deleted, data changed), never NodeChildrenChanged.
enum class AddWatchMode : uint8_t { Persistent = 0, PersistentRecursive = 1 };

// Watcher.WatcherType, what removeWatches takes away (zkCli's removewatches -c / -d / -a).
enum class WatcherType : uint8_t { Children = 1, Data = 2, Any = 3 };

// Watcher.Event.KeeperState values (the subset a client can observe).
enum class SessionState : int {
  Disconnected = 0,
  SyncConnected = 3,
  Expired = -112,
  Closed = 7,
};
std::string_view sessionStateName(SessionState state);

// What a watcher receives: either a node event (type != None, state SyncConnected) or a session
// state change (type None, empty path).
struct WatchedEvent {
  EventType type = EventType::None;
  SessionState state = SessionState::SyncConnected;
  std::string path;

  bool operator==(const WatchedEvent&) const = default;
};

}  // namespace lockscope::zookeeper
