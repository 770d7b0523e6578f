// The asynchronous ZooKeeper client API every recipe, the shell and the GUI use.
//
// One interface, two worlds: the deterministic model (backends/model/zookeeper) and a real server
// through libzookeeper_mt (backends/live). Callers never learn which one they talk to.
//
// Contract (as the real client):
// - Calls are asynchronous; each callback runs exactly once, later, on the caller's thread (the
//   world's thread), never inside the call. Replies arrive in the order the calls were made.
// - A watch set by a read (`watch = true`) is one-shot and reported to the session's watcher.
//   exists() on a missing node arms a creation watch; getData()/getChildren() on a missing node arm
//   nothing. A watch event reaches the watcher before any reply that reflects the change.
// - Session state changes (Disconnected, SyncConnected, Expired, Closed) reach the watcher as
// events
//   with type None. They never remove armed watches.
// - After Expired or Closed every call fails with SessionExpired (as the Java client does).
// - A call in flight when the connection drops fails with ConnectionLoss; whether the server
// applied
//   it is unknown to the caller.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "children_list.h"
#include "sim/engine/inline_function.h"
#include "zookeeper_types.h"

namespace lockscope::zookeeper {

class ZooKeeperClient {
 public:
  using Watcher = std::function<void(const WatchedEvent&)>;
  // A completion callback, made for every call: room in place for a coroutine's resume callback
  // (coro::CallbackAwaiter's Resolve, 48 bytes), so a recipe's call allocates no closure.
  template <typename Signature>
  using Callback = sim::InlineFunction<Signature, 48>;
  // The created node's Stat too (create2 / zoo_acreate2): its czxid is the lock's fencing token.
  using CreateCallback =
      Callback<void(ErrorCode, const std::string& createdPath, const Stat& stat)>;
  using VoidCallback = Callback<void(ErrorCode)>;
  using StatCallback = Callback<void(ErrorCode, const std::optional<Stat>&)>;
  using DataCallback = Callback<void(ErrorCode, const std::string& data, const Stat&)>;
  using ChildrenCallback = Callback<void(ErrorCode, const Children&, const Stat& parent)>;
  using AclCallback = Callback<void(ErrorCode, const std::vector<Acl>&, const Stat&)>;
  using CountCallback = Callback<void(ErrorCode, int32_t count)>;
  using PathsCallback = Callback<void(ErrorCode, const std::vector<std::string>& paths)>;
  using IdentitiesCallback = Callback<void(ErrorCode, const std::vector<ClientIdentity>&)>;

  virtual ~ZooKeeperClient() = default;

  // The default watcher: every watch event and session state change of this session.
  virtual void setWatcher(Watcher watcher) = 0;

  // 0 until the session is established.
  virtual int64_t sessionId() const = 0;
  virtual SessionState state() const = 0;
  // The negotiated session timeout (0 until connected).
  virtual int64_t sessionTimeoutMs() const = 0;

  virtual void create(const std::string& path, const std::string& data, CreateMode mode,
                      CreateCallback done) = 0;
  // A node with a TTL (mode PersistentWithTtl or PersistentSequentialWithTtl: CreateTTLRequest,
  // zkCli's `create -t`) and/or an ACL of its own (zkCli's `create path data acl`). A server
  // without extendedTypesEnabled answers a TTL mode Unimplemented, and that failed write takes a
  // zxid like any other; an ACL the server cannot use is InvalidAcl.
  virtual void createWithOptions(const std::string& path, const std::string& data, CreateMode mode,
                                 const CreateOptions& options, CreateCallback done) = 0;
  // version -1 matches any version.
  virtual void remove(const std::string& path, int32_t version, VoidCallback done) = 0;
  // Ok with a Stat when the node exists, NoNode with nullopt when it does not.
  virtual void exists(const std::string& path, bool watch, StatCallback done) = 0;
  virtual void getData(const std::string& path, bool watch, DataCallback done) = 0;
  virtual void setData(const std::string& path, const std::string& data, int32_t version,
                       StatCallback done) = 0;
  virtual void getChildren(const std::string& path, bool watch, ChildrenCallback done) = 0;
  // Deletes `paths` in order (any version) as one multi transaction: all or nothing, one zxid.
  // Fails with the first failing delete's error. zkCli's deleteall sends its batches this way.
  virtual void removeAll(const std::vector<std::string>& paths, VoidCallback done) = 0;
  virtual void sync(const std::string& path, VoidCallback done) = 0;

  // The reads behind zkCli's getAcl, getAllChildrenNumber, getEphemerals and whoami.
  // The node's ACL and Stat; NoNode when it is missing.
  virtual void getAcl(const std::string& path, AclCallback done) = 0;
  // How many nodes lie below `path` (at any depth); NoNode when it is missing.
  virtual void getAllChildrenNumber(const std::string& path, CountCallback done) = 0;
  // This session's ephemeral nodes whose path starts with `prefix` (all for "" or "/"), in the
  // server's order (the iteration order of its HashSet).
  virtual void getEphemerals(const std::string& prefix, PathsCallback done) = 0;
  // The identities the server holds for this connection, in the order it added them.
  virtual void whoAmI(IdentitiesCallback done) = 0;

  // zkCli's addWatch: a persistent (or persistent recursive) watch on `path`, which need not
  // exist. Its events reach the session's watcher like any other, and it stays armed.
  virtual void addWatch(const std::string& path, AddWatchMode mode, VoidCallback done) = 0;
  // zkCli's removewatches: takes this session's watches of `type` on `path` away, at the server
  // and at the client (only at the client when `local`); the watcher hears a *WatchRemoved event
  // per kind removed. NoWatcher when there was none to remove.
  virtual void removeWatches(const std::string& path, WatcherType type, bool local,
                             VoidCallback done) = 0;

  // zkCli's setAcl: replaces the node's ACL when its aclVersion is `version` (-1: any) and the
  // session may administer it; the Stat shows the new aclVersion. A write: it takes a zxid.
  virtual void setAcl(const std::string& path, const std::vector<Acl>& acl, int32_t version,
                      StatCallback done) = 0;
  // zkCli's addauth: adds an identity to the connection ("digest", "user:password" adds
  // digest:user:base64(sha1(user:password))). AuthFailed for a scheme the server does not know.
  virtual void addAuth(const std::string& scheme, const std::string& auth, VoidCallback done) = 0;

  // Ends the session cleanly: the server deletes its ephemeral nodes at once.
  virtual void close(VoidCallback done) = 0;
};

}  // namespace lockscope::zookeeper
