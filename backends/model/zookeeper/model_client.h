// ZooKeeperClient over a model session: turns API calls into protocol requests and replies into
// the API's callbacks. All protocol behaviour lives in ClientSession.
#pragma once

#include <memory>

#include "backends/api/zookeeper_client.h"
#include "client_session.h"

namespace lockscope::zookeeper::model {

class ModelClient final : public ZooKeeperClient {
 public:
  explicit ModelClient(std::shared_ptr<ClientSession> session) : session_(std::move(session)) {}

  void setWatcher(Watcher watcher) override { session_->setWatcher(std::move(watcher)); }
  int64_t sessionId() const override { return session_->sessionId(); }
  SessionState state() const override { return session_->state(); }
  int64_t sessionTimeoutMs() const override { return session_->negotiatedTimeoutMs(); }

  void create(const std::string& path, const std::string& data, CreateMode mode,
              CreateCallback done) override;
  void createWithOptions(const std::string& path, const std::string& data, CreateMode mode,
                         const CreateOptions& options, CreateCallback done) override;
  void setAcl(const std::string& path, const std::vector<Acl>& acl, int32_t version,
              StatCallback done) override;
  void addAuth(const std::string& scheme, const std::string& auth, VoidCallback done) override;
  void remove(const std::string& path, int32_t version, VoidCallback done) override;
  void exists(const std::string& path, bool watch, StatCallback done) override;
  void getData(const std::string& path, bool watch, DataCallback done) override;
  void setData(const std::string& path, const std::string& data, int32_t version,
               StatCallback done) override;
  void getChildren(const std::string& path, bool watch, ChildrenCallback done) override;
  void sync(const std::string& path, VoidCallback done) override;
  void removeAll(const std::vector<std::string>& paths, VoidCallback done) override;
  void addWatch(const std::string& path, AddWatchMode mode, VoidCallback done) override;
  void removeWatches(const std::string& path, WatcherType type, bool local,
                     VoidCallback done) override;
  void close(VoidCallback done) override;
  void getAcl(const std::string& path, AclCallback done) override;
  void getAllChildrenNumber(const std::string& path, CountCallback done) override;
  void getEphemerals(const std::string& prefix, PathsCallback done) override;
  void whoAmI(IdentitiesCallback done) override;

  ClientSession& session() { return *session_; }

 private:
  std::shared_ptr<ClientSession> session_;
};

}  // namespace lockscope::zookeeper::model
