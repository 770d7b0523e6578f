#include "live_zookeeper_client.h"

#include <cstring>
#include <utility>

#include "backends/model/zookeeper/acl_rules.h"
#include "zookeeper_c.h"

namespace lockscope::live {

using zookeeper::CreateMode;
using zookeeper::ErrorCode;
using zookeeper::EventType;
using zookeeper::SessionState;
using zookeeper::WatchedEvent;

// Shared by the client (world thread) and the library's threads. `client` is read and written
// on the world thread only: the library's threads merely carry the pointer to the inbox.
struct LiveSessionShared {
  explicit LiveSessionShared(WorldInbox& worldInbox) : inbox(worldInbox) {}
  WorldInbox& inbox;
  LiveZooKeeperClient* client = nullptr;
};

// The context of one zoo_a* call: freed by its completion, which the library runs exactly once
// (with ZCLOSING if the handle is closed first).
struct LiveCallContext {
  std::shared_ptr<LiveSessionShared> shared;
  int64_t xid = 0;
  std::vector<zoo_op_t> ops;  // removeAll: must live until the completion
  std::vector<zoo_op_result_t> results;
};

namespace {

constexpr int kResolutionDelayMs = 1000;

using Pending = LiveCallContext;

void post(const void* context, LiveReply reply) {
  std::unique_ptr<Pending> pending(static_cast<Pending*>(const_cast<void*>(context)));
  std::shared_ptr<LiveSessionShared> shared = pending->shared;
  shared->inbox.post([shared, xid = pending->xid, reply = std::move(reply)] {
    if (shared->client) shared->client->onReply(xid, reply);
  });
}

void onString(int rc, const char* value, const void* context) {
  post(context, LiveReply{.rc = rc, .path = value ? value : ""});
}

void onStringStat(int rc, const char* value, const struct Stat* stat, const void* context) {
  post(context, LiveReply{.rc = rc,
                          .path = value ? value : "",
                          .stat = stat ? toStat(*stat) : zookeeper::Stat{},
                          .hasStat = stat != nullptr});
}

void onVoid(int rc, const void* context) { post(context, LiveReply{.rc = rc}); }

void onStat(int rc, const struct Stat* stat, const void* context) {
  post(context, LiveReply{.rc = rc,
                          .stat = stat ? toStat(*stat) : zookeeper::Stat{},
                          .hasStat = rc == ZOK && stat != nullptr});
}

void onData(int rc, const char* value, int length, const struct Stat* stat, const void* context) {
  post(context, LiveReply{.rc = rc,
                          .data = value && length > 0 ? std::string(value, length) : "",
                          .stat = stat ? toStat(*stat) : zookeeper::Stat{},
                          .hasStat = stat != nullptr});
}

void onChildren(int rc, const struct String_vector* strings, const struct Stat* stat,
                const void* context) {
  LiveReply reply{
      .rc = rc, .stat = stat ? toStat(*stat) : zookeeper::Stat{}, .hasStat = stat != nullptr};
  if (strings) reply.children.assign(strings->data, strings->data + strings->count);
  post(context, std::move(reply));
}

void onAcl(int rc, struct ACL_vector* acl, struct Stat* stat, const void* context) {
  LiveReply reply{
      .rc = rc, .stat = stat ? toStat(*stat) : zookeeper::Stat{}, .hasStat = stat != nullptr};
  for (int32_t i = 0; acl && i < acl->count; ++i) {
    const struct ACL& entry = acl->data[i];
    reply.acl.push_back(
        {entry.id.scheme ? entry.id.scheme : "", entry.id.id ? entry.id.id : "", entry.perms});
  }
  post(context, std::move(reply));
}

void onWatcher(zhandle_t*, int type, int state, const char* path, void* context) {
  std::shared_ptr<LiveSessionShared> shared = *static_cast<std::shared_ptr<LiveSessionShared>*>(
      context);
  shared->inbox.post([shared, type, state, path = std::string(path ? path : "")] {
    if (shared->client) shared->client->onWatcherEvent(type, state, path);
  });
}

}  // namespace

LiveZooKeeperClient::LiveZooKeeperClient(sim::World& world, WorldInbox& inbox, HandleCloser& closer,
                                         sim::Process* process, std::string name,
                                         const std::string& hosts, int64_t sessionTimeoutMs)
    : world_(world),
      closer_(closer),
      process_(process),
      name_(std::move(name)),
      shared_(std::make_shared<LiveSessionShared>(inbox)) {
  shared_->client = this;
  watcherContext_ = new std::shared_ptr<LiveSessionShared>(shared_);
  handle_ = openRunHandle(hosts, sessionTimeoutMs, onWatcher, watcherContext_);
  // By default the library resolves the host list again on every pass of its I/O loop: a
  // getaddrinfo (a netlink socket, a dozen system calls) between every send and receive, seen
  // with strace. Once a second still notices a DNS change; a lost connection resolves at once.
  if (handle_) zoo_set_servers_resolution_delay(handle_, kResolutionDelayMs);
  if (!handle_) {
    delete std::exchange(watcherContext_, nullptr);
    state_ = SessionState::Closed;  // bad host string: every call fails, as on a closed handle
    world_.record({.kind = sim::TraceKind::Note,
                   .actor = name_,
                   .detail = "live: cannot start a ZooKeeper handle for " + hosts});
  }
}

LiveZooKeeperClient::~LiveZooKeeperClient() {
  shared_->client = nullptr;
  if (!handle_) return;
  closer_.close(std::exchange(handle_, nullptr),
                [context = std::exchange(watcherContext_, nullptr)] { delete context; });
}

std::string LiveZooKeeperClient::sessionPassword() const {
  if (!handle_ || sessionId_ == 0) return {};
  const clientid_t* id = zoo_client_id(handle_);
  return std::string(id->passwd, sizeof id->passwd);
}

void LiveZooKeeperClient::deliverLater(std::function<void(LiveZooKeeperClient&)> work) {
  auto run = [shared = shared_, work = std::move(work)] {
    if (shared->client) work(*shared->client);
  };
  if (process_) process_->deliver(std::move(run));
  else run();
}

bool LiveZooKeeperClient::open() const {
  return handle_ && state_ != SessionState::Expired && state_ != SessionState::Closed;
}

void LiveZooKeeperClient::answerLater(std::function<void()> answer) {
  shared_->inbox.post([shared = shared_, answer = std::move(answer)] {
    if (shared->client) shared->client->deliverLater([answer](LiveZooKeeperClient&) { answer(); });
  });
}

void LiveZooKeeperClient::issue(Call call, const std::function<int(void* context)>& start) {
  const int64_t xid = nextXid_++;
  world_.record({.kind = sim::TraceKind::Request,
                 .actor = name_,
                 .op = call.op,
                 .path = call.path,
                 .session = sessionId_,
                 .request = xid});
  calls_.emplace(xid, std::move(call));
  int rc = ZINVALIDSTATE;
  if (handle_ && state_ != SessionState::Expired && state_ != SessionState::Closed) {
    auto* pending = new LiveCallContext{shared_, xid, {}, {}};
    rc = start(pending);
    if (rc != ZOK) delete pending;
  }
  // Refused at once (closed or expired handle): answered later all the same, never inside.
  if (rc != ZOK) {
    shared_->inbox.post([shared = shared_, xid, rc] {
      if (shared->client) shared->client->onReply(xid, LiveReply{.rc = rc});
    });
  }
}

void LiveZooKeeperClient::onReply(int64_t xid, const LiveReply& reply) {
  deliverLater([xid, reply](LiveZooKeeperClient& self) { self.complete(xid, reply); });
}

void LiveZooKeeperClient::complete(int64_t xid, const LiveReply& reply) {
  const auto it = calls_.find(xid);
  if (it == calls_.end()) return;
  Call call = std::move(it->second);
  calls_.erase(it);
  const ErrorCode rc = toErrorCode(reply.rc);
  world_.record({.kind = sim::TraceKind::Reply,
                 .actor = name_,
                 .op = call.op,
                 .path = call.path,
                 .rc = zookeeper::errorCodeName(rc),
                 .value = reply.path,
                 .session = sessionId_,
                 .zxid = reply.hasStat ? reply.stat.mzxid : 0,
                 .request = xid});
  traceServerFacts(call, reply);
  if (call.done) call.done(reply);
}

void LiveZooKeeperClient::traceServerFacts(const Call& call, const LiveReply& reply) {
  using sim::ZooKeeperOp;
  const ZooKeeperOp op = call.op;
  if (reply.rc == ZOK && op == ZooKeeperOp::Create) {
    world_.record({.kind = sim::TraceKind::NodeCreated,
                   .actor = "server",
                   .path = reply.path,
                   .value = zookeeper::createModeName(call.mode),
                   .session = reply.stat.ephemeralOwner,
                   .zxid = reply.stat.czxid});
    if (zookeeper::isEphemeral(call.mode)) {
      ephemerals_.insert(reply.path);
      ephemeralOrder_.insert(reply.path);
    }
  } else if (reply.rc == ZOK && op == ZooKeeperOp::Delete) {
    world_.record({.kind = sim::TraceKind::NodeDeleted, .actor = "server", .path = call.path});
    ephemerals_.erase(call.path);
    ephemeralOrder_.erase(call.path);
  } else if (reply.rc == ZOK && op == ZooKeeperOp::Multi) {
    for (const std::string& path : call.paths) {
      world_.record({.kind = sim::TraceKind::NodeDeleted, .actor = "server", .path = path});
      ephemerals_.erase(path);
      ephemeralOrder_.erase(path);
    }
  } else if (reply.rc == ZOK && op == ZooKeeperOp::SetData) {
    world_.record({.kind = sim::TraceKind::NodeChanged,
                   .actor = "server",
                   .path = call.path,
                   .value = call.data,
                   .zxid = reply.stat.mzxid,
                   .request = reply.stat.version});
  }
  // A read with a watch armed it if the node was there (or, for exists, in any case).
  const bool armed = call.watch &&
                     (reply.rc == ZOK || (op == ZooKeeperOp::Exists && reply.rc == ZNONODE));
  if (armed) {
    world_.record({.kind = sim::TraceKind::WatchSet,
                   .actor = "server",
                   .op = op == ZooKeeperOp::GetChildren ? sim::WatchOp::Child
                         : op == ZooKeeperOp::Exists    ? sim::WatchOp::Exists
                                                        : sim::WatchOp::Data,
                   .path = call.path,
                   .session = sessionId_});
  }
}

void LiveZooKeeperClient::onWatcherEvent(int type, int state, const std::string& path) {
  deliverLater([type, state, path](LiveZooKeeperClient& self) {
    if (type == ZOO_SESSION_EVENT) self.onSessionEvent(state);
    else self.onNodeEvent(type, path);
  });
}

void LiveZooKeeperClient::onSessionEvent(int state) {
  // After close() the handle belongs to the closer; late events of it change nothing.
  if (state_ == SessionState::Expired || state_ == SessionState::Closed || !handle_) return;
  if (state == ZOO_CONNECTED_STATE) {
    if (sessionId_ == 0) {
      sessionId_ = zoo_client_id(handle_)->client_id;
      world_.record({.kind = sim::TraceKind::SessionState,
                     .actor = "server",
                     .op = sim::SessionOp::Created,
                     .value = name_,
                     .session = sessionId_});
    }
    sessionTimeoutMs_ = zoo_recv_timeout(handle_);
    state_ = SessionState::SyncConnected;
    world_.record({.kind = sim::TraceKind::SessionState,
                   .actor = name_,
                   .op = sim::SessionOp::Connected,
                   .session = sessionId_});
    notify(WatchedEvent{EventType::None, SessionState::SyncConnected, ""});
  } else if (state == ZOO_CONNECTING_STATE || state == ZOO_ASSOCIATING_STATE) {
    if (state_ != SessionState::SyncConnected) return;  // still trying: nothing changed
    state_ = SessionState::Disconnected;
    world_.record({.kind = sim::TraceKind::SessionState,
                   .actor = name_,
                   .op = sim::SessionOp::Disconnected,
                   .detail = "connection lost",
                   .session = sessionId_});
    notify(WatchedEvent{EventType::None, SessionState::Disconnected, ""});
  } else if (state == ZOO_EXPIRED_SESSION_STATE) {
    state_ = SessionState::Expired;
    sessionEnded(sim::SessionOp::Expired);
    notify(WatchedEvent{EventType::None, SessionState::Expired, ""});
  }
}

void LiveZooKeeperClient::sessionEnded(sim::SessionOp how) {
  world_.record(
      {.kind = sim::TraceKind::SessionState, .actor = "server", .op = how, .session = sessionId_});
  for (const std::string& path : ephemerals_) {
    world_.record({.kind = sim::TraceKind::NodeDeleted,
                   .actor = "server",
                   .path = path,
                   .detail = sim::name(how),
                   .session = sessionId_});
  }
  ephemerals_.clear();
  ephemeralOrder_ = {};
  world_.record(
      {.kind = sim::TraceKind::SessionState, .actor = name_, .op = how, .session = sessionId_});
}

void LiveZooKeeperClient::onNodeEvent(int type, const std::string& path) {
  const EventType eventType = toEventType(type);
  if (eventType == EventType::None) return;  // ZOO_NOTWATCHING_EVENT: not a node event
  if (eventType == EventType::NodeDeleted) {
    // The first client to learn of a deletion may be a watcher, not the deleter (whose reply
    // can come later): the deletion enters the trace at the first evidence, as the model
    // records it when the server applies it. A repeat later is harmless to the checkers.
    world_.record({.kind = sim::TraceKind::NodeDeleted,
                   .actor = "server",
                   .path = path,
                   .detail = "seen by a watch"});
    ephemerals_.erase(path);
    ephemeralOrder_.erase(path);
  }
  world_.record({.kind = sim::TraceKind::WatchFired,
                 .actor = "server",
                 .path = path,
                 .value = zookeeper::eventTypeName(eventType),
                 .session = sessionId_});
  world_.record({.kind = sim::TraceKind::WatchDelivered,
                 .actor = name_,
                 .path = path,
                 .value = zookeeper::eventTypeName(eventType),
                 .session = sessionId_});
  notify(WatchedEvent{eventType, SessionState::SyncConnected, path});
}

void LiveZooKeeperClient::notify(const WatchedEvent& event) {
  if (watcher_) watcher_(event);
  else unwatched_.push_back(event);
}

void LiveZooKeeperClient::setWatcher(Watcher watcher) {
  watcher_ = std::move(watcher);
  if (unwatched_.empty() || !watcher_) return;
  shared_->inbox.post([shared = shared_, events = std::exchange(unwatched_, {})] {
    if (!shared->client) return;
    for (const WatchedEvent& event : events) shared->client->notify(event);
  });
}

void LiveZooKeeperClient::create(const std::string& path, const std::string& data, CreateMode mode,
                                 CreateCallback done) {
  createWithOptions(path, data, mode, {}, std::move(done));
}

// zoo_acreate2_ttl sends CreateTTLRequest for a TTL mode and a plain create2 otherwise (where it
// wants the ttl -1).
void LiveZooKeeperClient::createWithOptions(const std::string& path, const std::string& data,
                                            CreateMode mode,
                                            const zookeeper::CreateOptions& options,
                                            CreateCallback done) {
  const int64_t ttlMs = isTtl(mode) ? options.ttlMs : -1;
  CAcl acl(options.acl);
  Call call{sim::ZooKeeperOp::Create,
            path,
            mode,
            false,
            {},
            [done = std::move(done)](const LiveReply& reply) {
              done(toErrorCode(reply.rc), reply.path, reply.stat);
            }};
  issue(std::move(call), [&](void* context) {
    return zoo_acreate2_ttl(handle_, path.c_str(), data.data(), static_cast<int>(data.size()),
                            options.acl.empty() ? runAcl() : acl.vector(), toCreateFlags(mode),
                            ttlMs, onStringStat, context);
  });
}

void LiveZooKeeperClient::setAcl(const std::string& path, const std::vector<zookeeper::Acl>& acl,
                                 int32_t version, StatCallback done) {
  Call call{sim::ZooKeeperOp::SetAcl,
            path,
            {},
            false,
            {},
            [this, path, done = std::move(done)](const LiveReply& reply) mutable {
              const ErrorCode rc = toErrorCode(reply.rc);
              if (rc != ErrorCode::Ok) return done(rc, std::nullopt);
              exists(path, false, std::move(done));
            }};
  CAcl list(acl);
  issue(std::move(call), [&](void* context) {
    return zoo_aset_acl(handle_, path.c_str(), version, list.vector(), onVoid, context);
  });
}

void LiveZooKeeperClient::addAuth(const std::string& scheme, const std::string& auth,
                                  VoidCallback done) {
  // The call's path stays empty: calls are traced, and the credentials are a secret.
  Call call{sim::ZooKeeperOp::AddAuth,
            {},
            {},
            false,
            {},
            [this, scheme, id = scheme == "digest" ? zookeeper::model::digestId(auth) : "",
             done = std::move(done)](const LiveReply& reply) {
              const ErrorCode rc = toErrorCode(reply.rc);
              if (rc == ErrorCode::Ok && !id.empty()) addedAuth_.push_back({"digest", id});
              done(rc);
            }};
  issue(std::move(call), [&](void* context) {
    return zoo_add_auth(handle_, scheme.c_str(), auth.data(), static_cast<int>(auth.size()), onVoid,
                        context);
  });
}

void LiveZooKeeperClient::remove(const std::string& path, int32_t version, VoidCallback done) {
  Call call{sim::ZooKeeperOp::Delete,
            path,
            {},
            false,
            {},
            [done = std::move(done)](const LiveReply& reply) { done(toErrorCode(reply.rc)); }};
  issue(std::move(call), [&](void* context) {
    return zoo_adelete(handle_, path.c_str(), version, onVoid, context);
  });
}

void LiveZooKeeperClient::exists(const std::string& path, bool watch, StatCallback done) {
  Call call{sim::ZooKeeperOp::Exists,
            path,
            {},
            watch,
            {},
            [done = std::move(done)](const LiveReply& reply) {
              done(toErrorCode(reply.rc),
                   reply.hasStat ? std::optional<zookeeper::Stat>(reply.stat) : std::nullopt);
            }};
  issue(std::move(call), [&](void* context) {
    return zoo_aexists(handle_, path.c_str(), watch ? 1 : 0, onStat, context);
  });
}

void LiveZooKeeperClient::getData(const std::string& path, bool watch, DataCallback done) {
  Call call{sim::ZooKeeperOp::GetData,
            path,
            {},
            watch,
            {},
            [done = std::move(done)](const LiveReply& reply) {
              done(toErrorCode(reply.rc), reply.data, reply.stat);
            }};
  issue(std::move(call), [&](void* context) {
    return zoo_aget(handle_, path.c_str(), watch ? 1 : 0, onData, context);
  });
}

void LiveZooKeeperClient::setData(const std::string& path, const std::string& data, int32_t version,
                                  StatCallback done) {
  Call call{sim::ZooKeeperOp::SetData,
            path,
            {},
            false,
            {},
            [done = std::move(done)](const LiveReply& reply) {
              done(toErrorCode(reply.rc),
                   reply.hasStat ? std::optional<zookeeper::Stat>(reply.stat) : std::nullopt);
            },
            data};
  issue(std::move(call), [&](void* context) {
    return zoo_aset(handle_, path.c_str(), data.data(), static_cast<int>(data.size()), version,
                    onStat, context);
  });
}

void LiveZooKeeperClient::getChildren(const std::string& path, bool watch, ChildrenCallback done) {
  Call call{sim::ZooKeeperOp::GetChildren,
            path,
            {},
            watch,
            {},
            [done = std::move(done)](const LiveReply& reply) {
              done(toErrorCode(reply.rc),
                   std::make_shared<const zookeeper::ChildrenList>(reply.children), reply.stat);
            }};
  issue(std::move(call), [&](void* context) {
    return zoo_aget_children2(handle_, path.c_str(), watch ? 1 : 0, onChildren, context);
  });
}

void LiveZooKeeperClient::addWatch(const std::string& path, zookeeper::AddWatchMode,
                                   VoidCallback done) {
  unimplemented(sim::ZooKeeperOp::AddWatch, path, std::move(done));
}

void LiveZooKeeperClient::removeWatches(const std::string& path, zookeeper::WatcherType, bool,
                                        VoidCallback done) {
  unimplemented(sim::ZooKeeperOp::RemoveWatches, path, std::move(done));
}

// A call the C client cannot make: answered Unimplemented, later and in order, like any reply.
void LiveZooKeeperClient::unimplemented(sim::ZooKeeperOp op, const std::string& path,
                                        VoidCallback done) {
  Call call{op, path,
            {}, false,
            {}, [done = std::move(done)](const LiveReply& reply) { done(toErrorCode(reply.rc)); }};
  // Refused at once: issue() answers the refusal later, as it answers a closed handle's calls.
  issue(std::move(call), [](void*) { return static_cast<int>(ZUNIMPLEMENTED); });
}

void LiveZooKeeperClient::removeAll(const std::vector<std::string>& paths, VoidCallback done) {
  Call call{sim::ZooKeeperOp::Multi,
            paths.empty() ? "" : paths.front(),
            {},
            false,
            paths,
            [done = std::move(done)](const LiveReply& reply) { done(toErrorCode(reply.rc)); }};
  const int64_t xid = nextXid_;
  issue(std::move(call), [&](void* context) {
    // The op array points into the call's own copy of the paths, which lives until completion.
    auto* pending = static_cast<LiveCallContext*>(context);
    const std::vector<std::string>& kept = calls_.at(xid).paths;
    pending->ops.resize(kept.size());
    pending->results.resize(kept.size());
    for (size_t i = 0; i < kept.size(); ++i)
      zoo_delete_op_init(&pending->ops[i], kept[i].c_str(), -1);
    return zoo_amulti(handle_, static_cast<int>(kept.size()), pending->ops.data(),
                      pending->results.data(), onVoid, context);
  });
}

void LiveZooKeeperClient::sync(const std::string& path, VoidCallback done) {
  Call call{sim::ZooKeeperOp::Sync,
            path,
            {},
            false,
            {},
            [done = std::move(done)](const LiveReply& reply) { done(toErrorCode(reply.rc)); }};
  issue(std::move(call),
        [&](void* context) { return zoo_async(handle_, path.c_str(), onString, context); });
}

void LiveZooKeeperClient::getAcl(const std::string& path, AclCallback done) {
  Call call{sim::ZooKeeperOp::GetAcl,
            path,
            {},
            false,
            {},
            [done = std::move(done)](const LiveReply& reply) {
              done(toErrorCode(reply.rc), reply.acl, reply.stat);
            }};
  issue(std::move(call),
        [&](void* context) { return zoo_aget_acl(handle_, path.c_str(), onAcl, context); });
}

void LiveZooKeeperClient::close(VoidCallback done) {
  if (!handle_) {
    shared_->inbox.post([shared = shared_, done = std::move(done)] {
      if (shared->client && done) done(ErrorCode::SessionExpired);
    });
    return;
  }
  const bool wasOpen = state_ != SessionState::Expired;
  world_.record({.kind = sim::TraceKind::Request,
                 .actor = name_,
                 .op = sim::ZooKeeperOp::CloseSession,
                 .session = sessionId_,
                 .request = nextXid_++});
  state_ = SessionState::Closed;  // every later call fails at once, as on a closing handle
  zhandle_t* handle = std::exchange(handle_, nullptr);
  // zookeeper_close() returns after the server answered closeSession (or gave up); by then every
  // pending call got its ZCLOSING completion, posted ahead of this.
  closer_.close(handle, [shared = shared_, done = std::move(done), wasOpen,
                         context = std::exchange(watcherContext_, nullptr)] {
    delete context;
    shared->inbox.post([shared, done, wasOpen] {
      LiveZooKeeperClient* self = shared->client;
      if (!self) return;
      if (wasOpen) self->sessionEnded(sim::SessionOp::Closed);
      if (done) done(wasOpen ? ErrorCode::Ok : ErrorCode::SessionExpired);
      self->notify(WatchedEvent{EventType::None, SessionState::Closed, ""});
    });
  });
}

}  // namespace lockscope::live
