#include "zookeeper_c.h"

#include <chrono>
#include <thread>

#include "live_credentials.h"

#include <mutex>

namespace lockscope::live {

using zookeeper::ErrorCode;

ErrorCode toErrorCode(int rc) {
  switch (rc) {
    case ZOK: return ErrorCode::Ok;
    case ZOPERATIONTIMEOUT: return ErrorCode::OperationTimeout;
    case ZBADARGUMENTS: return ErrorCode::BadArguments;
    case ZUNIMPLEMENTED: return ErrorCode::Unimplemented;
    case ZNONODE: return ErrorCode::NoNode;
    case ZNOAUTH: return ErrorCode::NoAuth;
    case ZBADVERSION: return ErrorCode::BadVersion;
    case ZNOCHILDRENFOREPHEMERALS: return ErrorCode::NoChildrenForEphemerals;
    case ZNODEEXISTS: return ErrorCode::NodeExists;
    case ZNOTEMPTY: return ErrorCode::NotEmpty;
    case ZNOWATCHER: return ErrorCode::NoWatcher;
    case ZINVALIDACL: return ErrorCode::InvalidAcl;
    case ZAUTHFAILED: return ErrorCode::AuthFailed;
    case ZSESSIONEXPIRED:
    case ZCLOSING:
    case ZINVALIDSTATE: return ErrorCode::SessionExpired;
    default: return ErrorCode::ConnectionLoss;
  }
}

zookeeper::Stat toStat(const struct Stat& stat) {
  return zookeeper::Stat{.czxid = stat.czxid,
                         .mzxid = stat.mzxid,
                         .ctime = stat.ctime,
                         .mtime = stat.mtime,
                         .version = stat.version,
                         .cversion = stat.cversion,
                         .aversion = stat.aversion,
                         .ephemeralOwner = stat.ephemeralOwner,
                         .dataLength = stat.dataLength,
                         .numChildren = stat.numChildren,
                         .pzxid = stat.pzxid};
}

int toCreateFlags(zookeeper::CreateMode mode) {
  switch (mode) {
    case zookeeper::CreateMode::Persistent: return ZOO_PERSISTENT;
    case zookeeper::CreateMode::Ephemeral: return ZOO_EPHEMERAL;
    case zookeeper::CreateMode::PersistentSequential: return ZOO_PERSISTENT_SEQUENTIAL;
    case zookeeper::CreateMode::EphemeralSequential: return ZOO_EPHEMERAL_SEQUENTIAL;
    case zookeeper::CreateMode::Container: return ZOO_CONTAINER;
    case zookeeper::CreateMode::PersistentWithTtl: return ZOO_PERSISTENT_WITH_TTL;
    case zookeeper::CreateMode::PersistentSequentialWithTtl:
      return ZOO_PERSISTENT_SEQUENTIAL_WITH_TTL;
  }
  return ZOO_PERSISTENT;
}

zookeeper::EventType toEventType(int type) {
  if (type == ZOO_CREATED_EVENT) return zookeeper::EventType::NodeCreated;
  if (type == ZOO_DELETED_EVENT) return zookeeper::EventType::NodeDeleted;
  if (type == ZOO_CHANGED_EVENT) return zookeeper::EventType::NodeDataChanged;
  if (type == ZOO_CHILD_EVENT) return zookeeper::EventType::NodeChildrenChanged;
  return zookeeper::EventType::None;
}

zhandle_t* openRunHandle(const std::string& hosts, int64_t sessionTimeoutMs, watcher_fn watcher,
                         void* context) {
  silenceLibraryLog();
  zhandle_t* handle = zookeeper_init(hosts.c_str(), watcher, static_cast<int>(sessionTimeoutMs),
                                     nullptr, context, 0);
  const std::optional<std::string>& digest = zooKeeperDigest();
  if (handle && digest) {
    zoo_add_auth(
        handle, "digest", digest->data(), static_cast<int>(digest->size()), [](int, const void*) {},
        nullptr);
  }
  return handle;
}

bool waitConnected(zhandle_t* handle, int64_t timeoutMs) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
  while (zoo_state(handle) != ZOO_CONNECTED_STATE) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return true;
}

CAcl::CAcl(const std::vector<zookeeper::Acl>& acl) : entries_(acl) {
  for (zookeeper::Acl& entry : entries_)
    items_.push_back({entry.permissions, {entry.scheme.data(), entry.id.data()}});
  vector_.count = static_cast<int32_t>(items_.size());
  vector_.data = items_.data();
}

struct ACL_vector* runAcl() {
  return zooKeeperDigest() ? &ZOO_CREATOR_ALL_ACL : &ZOO_OPEN_ACL_UNSAFE;
}

void silenceLibraryLog() {
  static std::once_flag once;
  std::call_once(once, [] { zoo_set_debug_level(static_cast<ZooLogLevel>(0)); });
}

}  // namespace lockscope::live
