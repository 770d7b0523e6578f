// The ZooKeeper client API as awaitables, for recipes written as coroutines. One method per call
// of backends/api/zookeeper_client.h; each returns the call's result as a plain struct.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "backends/api/zookeeper_client.h"
#include "sim/coro/callback_awaiter.h"

namespace lockscope::recipes {

using zookeeper::Children;
using zookeeper::CreateMode;
using zookeeper::ErrorCode;
using zookeeper::Stat;

struct CreateResult {
  ErrorCode rc = ErrorCode::Ok;
  std::string path;
  Stat stat;
};
struct StatResult {
  ErrorCode rc = ErrorCode::Ok;
  std::optional<Stat> stat;
};
struct DataResult {
  ErrorCode rc = ErrorCode::Ok;
  std::string data;
  Stat stat;
};
struct ChildrenResult {
  ErrorCode rc = ErrorCode::Ok;
  Children children;
  Stat stat;  // the parent's
};

struct AclResult {
  ErrorCode rc = ErrorCode::Ok;
  std::vector<zookeeper::Acl> acl;
  Stat stat;
};
struct CountResult {
  ErrorCode rc = ErrorCode::Ok;
  int32_t count = 0;
};
struct PathsResult {
  ErrorCode rc = ErrorCode::Ok;
  std::vector<std::string> paths;
};
struct IdentitiesResult {
  ErrorCode rc = ErrorCode::Ok;
  std::vector<zookeeper::ClientIdentity> identities;
};

class AwaitableZooKeeper {
 public:
  AwaitableZooKeeper(zookeeper::ZooKeeperClient& client, std::weak_ptr<const char> life)
      : client_(client), life_(std::move(life)) {}

  coro::CallbackAwaiter<CreateResult> create(std::string path, std::string data, CreateMode mode);
  coro::CallbackAwaiter<CreateResult> createWithOptions(std::string path, std::string data,
                                                        CreateMode mode,
                                                        zookeeper::CreateOptions options);
  coro::CallbackAwaiter<StatResult> setAcl(std::string path, std::vector<zookeeper::Acl> acl,
                                           int32_t version);
  coro::CallbackAwaiter<ErrorCode> addAuth(std::string scheme, std::string auth);
  coro::CallbackAwaiter<ErrorCode> remove(std::string path, int32_t version = -1);
  coro::CallbackAwaiter<StatResult> exists(std::string path, bool watch);
  coro::CallbackAwaiter<DataResult> getData(std::string path, bool watch);
  coro::CallbackAwaiter<StatResult> setData(std::string path, std::string data,
                                            int32_t version = -1);
  coro::CallbackAwaiter<ChildrenResult> getChildren(std::string path, bool watch);
  coro::CallbackAwaiter<ErrorCode> removeAll(std::vector<std::string> paths);
  coro::CallbackAwaiter<ErrorCode> addWatch(std::string path, zookeeper::AddWatchMode mode);
  coro::CallbackAwaiter<ErrorCode> removeWatches(std::string path, zookeeper::WatcherType type,
                                                 bool local);
  coro::CallbackAwaiter<ErrorCode> sync(std::string path);
  coro::CallbackAwaiter<ErrorCode> close();
  coro::CallbackAwaiter<AclResult> getAcl(std::string path);
  coro::CallbackAwaiter<CountResult> getAllChildrenNumber(std::string path);
  coro::CallbackAwaiter<PathsResult> getEphemerals(std::string prefix);
  coro::CallbackAwaiter<IdentitiesResult> whoAmI();

  zookeeper::ZooKeeperClient& client() { return client_; }

 private:
  zookeeper::ZooKeeperClient& client_;
  std::weak_ptr<const char> life_;
};

}  // namespace lockscope::recipes
