#include "awaitable_zookeeper.h"

namespace lockscope::recipes {

coro::CallbackAwaiter<CreateResult> AwaitableZooKeeper::create(std::string path, std::string data,
                                                               CreateMode mode) {
  return {life_, [this, path = std::move(path), data = std::move(data), mode](auto resolve) {
            client_.create(path, data, mode,
                           [resolve](ErrorCode rc, const std::string& created, const Stat& stat) {
                             resolve(CreateResult{rc, created, stat});
                           });
          }};
}

coro::CallbackAwaiter<CreateResult> AwaitableZooKeeper::createWithOptions(
    std::string path, std::string data, CreateMode mode, zookeeper::CreateOptions options) {
  return {life_, [this, path = std::move(path), data = std::move(data), mode,
                  options = std::move(options)](auto resolve) {
            client_.createWithOptions(
                path, data, mode, options,
                [resolve](ErrorCode rc, const std::string& created, const Stat& stat) {
                  resolve(CreateResult{rc, created, stat});
                });
          }};
}

coro::CallbackAwaiter<StatResult> AwaitableZooKeeper::setAcl(std::string path,
                                                             std::vector<zookeeper::Acl> acl,
                                                             int32_t version) {
  return {life_, [this, path = std::move(path), acl = std::move(acl), version](auto resolve) {
            client_.setAcl(path, acl, version,
                           [resolve](ErrorCode rc, const std::optional<Stat>& stat) {
                             resolve(StatResult{rc, stat});
                           });
          }};
}

coro::CallbackAwaiter<ErrorCode> AwaitableZooKeeper::addAuth(std::string scheme, std::string auth) {
  return {life_, [this, scheme = std::move(scheme), auth = std::move(auth)](auto resolve) {
            client_.addAuth(scheme, auth, [resolve](ErrorCode rc) { resolve(rc); });
          }};
}

coro::CallbackAwaiter<ErrorCode> AwaitableZooKeeper::remove(std::string path, int32_t version) {
  return {life_, [this, path = std::move(path), version](auto resolve) {
            client_.remove(path, version, [resolve](ErrorCode rc) { resolve(rc); });
          }};
}

coro::CallbackAwaiter<StatResult> AwaitableZooKeeper::exists(std::string path, bool watch) {
  return {life_, [this, path = std::move(path), watch](auto resolve) {
            client_.exists(path, watch, [resolve](ErrorCode rc, const std::optional<Stat>& stat) {
              resolve(StatResult{rc, stat});
            });
          }};
}

coro::CallbackAwaiter<DataResult> AwaitableZooKeeper::getData(std::string path, bool watch) {
  return {life_, [this, path = std::move(path), watch](auto resolve) {
            client_.getData(path, watch,
                            [resolve](ErrorCode rc, const std::string& data, const Stat& stat) {
                              resolve(DataResult{rc, data, stat});
                            });
          }};
}

coro::CallbackAwaiter<StatResult> AwaitableZooKeeper::setData(std::string path, std::string data,
                                                              int32_t version) {
  return {life_, [this, path = std::move(path), data = std::move(data), version](auto resolve) {
            client_.setData(path, data, version,
                            [resolve](ErrorCode rc, const std::optional<Stat>& stat) {
                              resolve(StatResult{rc, stat});
                            });
          }};
}

coro::CallbackAwaiter<ChildrenResult> AwaitableZooKeeper::getChildren(std::string path,
                                                                      bool watch) {
  return {life_, [this, path = std::move(path), watch](auto resolve) {
            client_.getChildren(
                path, watch, [resolve](ErrorCode rc, const Children& children, const Stat& stat) {
                  resolve(ChildrenResult{rc, children, stat});
                });
          }};
}

coro::CallbackAwaiter<ErrorCode> AwaitableZooKeeper::removeAll(std::vector<std::string> paths) {
  return {life_, [this, paths = std::move(paths)](auto resolve) {
            client_.removeAll(paths, [resolve](ErrorCode rc) { resolve(rc); });
          }};
}

coro::CallbackAwaiter<ErrorCode> AwaitableZooKeeper::addWatch(std::string path,
                                                              zookeeper::AddWatchMode mode) {
  return {life_, [this, path = std::move(path), mode](auto resolve) {
            client_.addWatch(path, mode, [resolve](ErrorCode rc) { resolve(rc); });
          }};
}

coro::CallbackAwaiter<ErrorCode> AwaitableZooKeeper::removeWatches(std::string path,
                                                                   zookeeper::WatcherType type,
                                                                   bool local) {
  return {life_, [this, path = std::move(path), type, local](auto resolve) {
            client_.removeWatches(path, type, local, [resolve](ErrorCode rc) { resolve(rc); });
          }};
}

coro::CallbackAwaiter<ErrorCode> AwaitableZooKeeper::sync(std::string path) {
  return {life_, [this, path = std::move(path)](auto resolve) {
            client_.sync(path, [resolve](ErrorCode rc) { resolve(rc); });
          }};
}

coro::CallbackAwaiter<ErrorCode> AwaitableZooKeeper::close() {
  return {life_, [this](auto resolve) { client_.close([resolve](ErrorCode rc) { resolve(rc); }); }};
}

coro::CallbackAwaiter<AclResult> AwaitableZooKeeper::getAcl(std::string path) {
  return {life_, [this, path = std::move(path)](auto resolve) {
            client_.getAcl(path, [resolve](ErrorCode rc, const std::vector<zookeeper::Acl>& acl,
                                           const Stat& stat) {
              resolve(AclResult{rc, acl, stat});
            });
          }};
}

coro::CallbackAwaiter<CountResult> AwaitableZooKeeper::getAllChildrenNumber(std::string path) {
  return {life_, [this, path = std::move(path)](auto resolve) {
            client_.getAllChildrenNumber(path, [resolve](ErrorCode rc, int32_t count) {
              resolve(CountResult{rc, count});
            });
          }};
}

coro::CallbackAwaiter<PathsResult> AwaitableZooKeeper::getEphemerals(std::string prefix) {
  return {life_, [this, prefix = std::move(prefix)](auto resolve) {
            client_.getEphemerals(prefix,
                                  [resolve](ErrorCode rc, const std::vector<std::string>& paths) {
                                    resolve(PathsResult{rc, paths});
                                  });
          }};
}

coro::CallbackAwaiter<IdentitiesResult> AwaitableZooKeeper::whoAmI() {
  return {life_, [this](auto resolve) {
            client_.whoAmI(
                [resolve](ErrorCode rc, const std::vector<zookeeper::ClientIdentity>& identities) {
                  resolve(IdentitiesResult{rc, identities});
                });
          }};
}

}  // namespace lockscope::recipes
