#include "zookeeper_server.h"

#include <algorithm>
#include <utility>

#include "sim/engine/check.h"

namespace lockscope::zookeeper::model {
namespace {

// Session ids look like a standalone server's (server id 1 in the top byte), numbered in order of
// creation so that runs are reproducible.
constexpr int64_t kSessionIdBase = int64_t{1} << 56;

// Where a session lives in the server's table (any id not made here lands out of range).
uint64_t sessionSlot(int64_t sessionId) {
  return static_cast<uint64_t>(sessionId) - static_cast<uint64_t>(kSessionIdBase) - 1;
}

sim::WatchOp watchOp(bool exists, WatchKind kind) {
  if (kind == WatchKind::Child) return sim::WatchOp::Child;
  return exists ? sim::WatchOp::Exists : sim::WatchOp::Data;
}

}  // namespace

ZooKeeperServer::ZooKeeperServer(sim::World& world, ServerConfig config)
    : world_(world), config_(config), tree_(world.chooser()), quiet_(world, *this) {
  quiet_.setEnabled(config.quietSessions);
}

ZooKeeperServer::Session* ZooKeeperServer::findSession(int64_t sessionId) {
  return const_cast<Session*>(std::as_const(*this).findSession(sessionId));
}

const ZooKeeperServer::Session* ZooKeeperServer::findSession(int64_t sessionId) const {
  const uint64_t slot = sessionSlot(sessionId);
  return slot < sessions_.size() ? sessions_[slot].get() : nullptr;
}

int64_t ZooKeeperServer::negotiateTimeout(int64_t requestedMs) const {
  return std::clamp(requestedMs, 2 * config_.tickTimeMs, 20 * config_.tickTimeMs);
}

void ZooKeeperServer::onConnect(const Link& link, int64_t sessionId, int64_t requestedTimeoutMs,
                                const std::string& clientName) {
  if (!running_) {
    // Nobody listens: the connection is refused at once and the client tries again after its
    // reconnect delay, as a real client does against a dead server's port.
    link.connection->send(sim::Direction::ToClient, [weak = link.endpoint, attempt = link.attempt] {
      if (auto client = weak.lock()) client->onConnectionClosed(attempt);
    });
    return;
  }
  if (sessionId == 0) {
    Session session;
    session.id = kSessionIdBase + ++sessionsCreated_;
    session.clientName = clientName;
    session.timeoutMs = negotiateTimeout(requestedTimeoutMs);
    session.link = link;
    const int64_t zxid = nextZxid();  // createSession is a transaction
    sessions_.push_back(std::make_unique<Session>(std::move(session)));
    ++liveSessions_;
    Session& created = *sessions_.back();
    world_.record({.kind = sim::TraceKind::SessionState,
                   .actor = "server",
                   .op = sim::SessionOp::Created,
                   .value = clientName,
                   .session = created.id,
                   .zxid = zxid});
    touch(created);
    link.connection->send(sim::Direction::ToClient, [weak = link.endpoint, attempt = link.attempt,
                                                     id = created.id, timeout = created.timeoutMs] {
      if (auto client = weak.lock()) client->onConnectReply(attempt, id, timeout);
    });
    return;
  }
  Session* found = findSession(sessionId);
  if (!found) {
    // The session expired while the client was away: this is how it finds out.
    link.connection->send(sim::Direction::ToClient,
                          [weak = link.endpoint, attempt = link.attempt, sessionId] {
                            if (auto client = weak.lock())
                              client->onConnectReply(attempt, sessionId, 0);
                          });
    return;
  }
  takeBackQuiet(*found);
  resumeSession(*found, link);
}

void ZooKeeperServer::resumeSession(Session& session, const Link& link) {
  // The old connection is replaced; its watches go with it and the client re-arms the ones it
  // still holds with SetWatches right after this reply.
  session.link = link;
  tree_.watches().removeSession(session.id);
  touch(session);
  world_.record({.kind = sim::TraceKind::SessionState,
                 .actor = "server",
                 .op = sim::SessionOp::Resumed,
                 .session = session.id});
  link.connection->send(sim::Direction::ToClient, [weak = link.endpoint, attempt = link.attempt,
                                                   id = session.id, timeout = session.timeoutMs] {
    if (auto client = weak.lock()) client->onConnectReply(attempt, id, timeout);
  });
}

void ZooKeeperServer::touch(Session& session) {
  const sim::Micros tick = sim::fromMillis(config_.tickTimeMs);
  const sim::Micros deadline = world_.now() + sim::fromMillis(session.timeoutMs);
  session.expiresAt = (deadline / tick + 1) * tick;  // ExpiryQueue.roundToNextInterval
  scheduleExpiryCheck(session);
}

void ZooKeeperServer::scheduleExpiryCheck(Session& session) {
  // One pending check per session: an early check that finds the session touched since simply
  // schedules the next one, which keeps the agenda small however often clients ping.
  if (session.checkScheduledAt >= 0) return;
  session.checkScheduledAt = session.expiresAt;
  world_.at(session.expiresAt, [this, id = session.id] { checkExpiry(id); });
}

void ZooKeeperServer::checkExpiry(int64_t sessionId) {
  Session* found = findSession(sessionId);
  if (!found) return;
  Session& session = *found;
  // An idle session's: the table takes its checks over from here, unless this one expires it.
  if (session.quiet && quiet_.checkFromAgenda(*session.quiet)) return;
  session.checkScheduledAt = -1;
  if (!running_) return;  // start() gives every session a fresh timeout
  if (world_.now() >= session.expiresAt) {
    closeSession(sessionId, sim::SessionOp::Expired);
  } else {
    scheduleExpiryCheck(session);
  }
}

void ZooKeeperServer::expireSession(int64_t sessionId) {
  if (Session* session = findSession(sessionId)) {
    takeBackQuiet(*session);
    closeSession(sessionId, sim::SessionOp::Expired);
  }
}

void ZooKeeperServer::dropConnection(int64_t sessionId) {
  Session* session = findSession(sessionId);
  if (!session) return;
  takeBackQuiet(*session);
  Link& link = session->link;
  // Already dropped and not yet replaced by a reconnect: nothing to drop. (Without this check a
  // second drop, or a drop after a lost reply, dereferenced the null connection.)
  if (!link.connection) return;
  world_.record({.kind = sim::TraceKind::Fault,
                 .actor = "server",
                 .op = sim::ServerFaultOp::DropConnection,
                 .session = sessionId});
  link.connection->send(sim::Direction::ToClient, [weak = link.endpoint, attempt = link.attempt] {
    if (auto client = weak.lock()) client->onConnectionClosed(attempt);
  });
  link.connection = nullptr;  // nothing more goes out on it; the client reconnects
}

void ZooKeeperServer::stop() {
  if (!running_) return;
  quiet_.giveBackAll();
  running_ = false;
  for (const auto& session : sessions_) {
    if (!session) continue;
    dropConnection(session->id);
    tree_.watches().removeSession(session->id);
  }
}

void ZooKeeperServer::start() {
  if (running_) return;
  running_ = true;
  for (const auto& session : sessions_) {
    if (session) touch(*session);
  }
}

void ZooKeeperServer::closeSession(int64_t sessionId, sim::SessionOp reason) {
  Session* closing = findSession(sessionId);
  LOCKSCOPE_CHECK(closing != nullptr, "closing a session the server does not have");
  takeBackQuiet(*closing);
  const Link link = closing->link;
  const int64_t zxid = nextZxid();  // closeSession: one transaction for every ephemeral
  world_.record({.kind = sim::TraceKind::SessionState,
                 .actor = "server",
                 .op = reason,
                 .session = sessionId,
                 .zxid = zxid});
  fired_.clear();
  for (const std::string& path : tree_.ephemeralsOf(sessionId)) {
    tree_.remove(path, -1, zxid, fired_);
    world_.record({.kind = sim::TraceKind::NodeDeleted,
                   .actor = "server",
                   .path = path,
                   .detail = sim::name(reason),
                   .session = sessionId,
                   .zxid = zxid});
  }
  tree_.forgetSession(sessionId);
  notify(fired_);
  tree_.watches().removeSession(sessionId);
  sessions_[sessionSlot(sessionId)].reset();
  --liveSessions_;
  if (link.connection && reason == sim::SessionOp::Expired) {
    link.connection->send(sim::Direction::ToClient, [weak = link.endpoint, attempt = link.attempt] {
      if (auto client = weak.lock()) client->onConnectionClosed(attempt);
    });
  }
  scheduleContainerCheck();
}

void ZooKeeperServer::onRequest(int64_t sessionId, uint64_t attempt, const Request& request) {
  if (!running_) return;
  Session* found = findSession(sessionId);
  if (!found) return;  // its connection was closed with the session
  Session& session = *found;
  takeBackQuiet(session);
  if (attempt != session.link.attempt || !session.link.connection) return;  // a replaced connection
  // Too long to read: the server closes the connection before it looks at the request (no zxid,
  // no session touch); the client sees ConnectionLoss and reconnects, as after a network fault.
  if (serializedLength(request) > kJuteMaxBuffer) {
    dropConnection(sessionId);
    return;
  }
  touch(session);
  switch (request.op) {
    case OpCode::CloseSession: {
      const Link link = session.link;
      closeSession(sessionId, sim::SessionOp::Closed);
      Reply reply;
      reply.xid = request.xid;
      reply.zxid = lastZxid_;
      send(link, std::move(reply));
      return;
    }
    case OpCode::SetWatches: executeSetWatches(session, request); return;
    default: break;
  }
  switch (request.fate) {
    case Request::Fate::Normal: send(session.link, execute(session, request)); break;
    case Request::Fate::ReplyLostApplied:
      execute(session, request);
      dropConnection(sessionId);
      break;
    case Request::Fate::ReplyLostNotApplied: dropConnection(sessionId); break;
  }
}

void ZooKeeperServer::onPing(int64_t sessionId, uint64_t attempt) {
  if (!running_) return;
  Session* session = findSession(sessionId);
  if (!session) return;
  takeBackQuiet(*session);
  const Link& link = session->link;
  if (attempt != link.attempt || !link.connection) return;
  touch(*session);
  // execute() of a ping: no zxid, no watch, the reply's zxid the last one.
  const sim::RoutineDecisions routine(world_.chooser());
  link.connection->send(sim::Direction::ToClient,
                        [weak = link.endpoint, attempt = link.attempt, zxid = lastZxid_] {
                          if (auto client = weak.lock()) client->onPong(attempt, zxid);
                        });
}

Reply ZooKeeperServer::execute(Session& session, const Request& request) {
  Reply reply;
  reply.xid = request.xid;
  fired_.clear();
  int64_t zxid = 0;
  if (isWrite(request.op)) zxid = nextZxid();  // failed writes consume one too
  switch (request.op) {
    case OpCode::Create:
      // PrepRequestProcessor.validateCreateRequest refuses a TTL mode before it looks at the
      // path: `create -t` on a node that exists is Unimplemented too.
      if (isTtl(request.mode) && !config_.extendedTypesEnabled) {
        reply.rc = ErrorCode::Unimplemented;
        break;
      }
      // EphemeralType.validateTTL, next: BadArguments for a TTL out of (0, 2^40 - 1].
      if (isTtl(request.mode) && (request.ttlMs <= 0 || request.ttlMs > kMaxTtlMs)) {
        reply.rc = ErrorCode::BadArguments;
        break;
      }
      {
        AclList acl;
        reply.rc = checkCreate(session, request, acl);
        if (reply.rc != ErrorCode::Ok) break;
        reply.rc = tree_.create(request.path, request.data, request.mode, std::move(acl),
                                session.id, zxid, nowMs(), reply.path, fired_);
      }
      if (reply.rc == ErrorCode::Ok) {
        const Znode* created = tree_.find(reply.path);
        LOCKSCOPE_CHECK(created != nullptr, "a create that succeeded left no node");
        reply.stat = created->stat;
        reply.hasStat = true;
      }
      break;
    case OpCode::Delete: {
      reply.rc = checkRemove(session, request.path);
      if (reply.rc != ErrorCode::Ok) break;
      reply.rc = tree_.remove(request.path, request.version, zxid, fired_);
      const Znode* parent = tree_.find(DataTree::parentOf(request.path));
      if (reply.rc == ErrorCode::Ok && parent && parent->mode == CreateMode::Container) {
        scheduleContainerCheck();
      }
      break;
    }
    case OpCode::Multi:
      reply.rc = tree_.removeAll(
          request.more().paths, zxid,
          [&](const Znode& parent) { return allowed(session, parent, kDeletePermission); }, fired_);
      if (reply.rc == ErrorCode::Ok) {
        for (const std::string& path : request.more().paths) {
          world_.record({.kind = sim::TraceKind::NodeDeleted,
                         .actor = "server",
                         .path = path,
                         .detail = "multi",
                         .zxid = zxid});
        }
      }
      break;
    case OpCode::SetData:
      // FinalRequestProcessor's order: NoNode, then the node's ACL (WRITE), then the version.
      if (const Znode* node = tree_.find(request.path);
          node && !allowed(session, *node, kWritePermission)) {
        reply.rc = ErrorCode::NoAuth;
        break;
      }
      reply.rc = tree_.setData(request.path, request.data, request.version, zxid, nowMs(),
                               reply.stat, fired_);
      reply.hasStat = reply.rc == ErrorCode::Ok;
      break;
    case OpCode::Exists:
    case OpCode::GetData:
    case OpCode::GetChildren: {
      const Znode* node = tree_.find(request.path);
      // getData and getChildren need READ (checked once the node is found; no watch when
      // refused); exists needs nothing.
      if (node && request.op != OpCode::Exists && !allowed(session, *node, kReadPermission)) {
        reply.rc = ErrorCode::NoAuth;
        break;
      }
      if (node) {
        reply.stat = node->stat;
        reply.hasStat = true;
        if (request.op == OpCode::GetData) reply.data = node->data;
        if (request.op == OpCode::GetChildren) reply.children = tree_.listChildren(request.path);
      } else {
        reply.rc = ErrorCode::NoNode;
      }
      // exists() arms a watch on a missing node too (to hear of its creation); the others do not.
      if (request.watch && (node || request.op == OpCode::Exists)) {
        const WatchKind kind = request.op == OpCode::GetChildren ? WatchKind::Child
                                                                 : WatchKind::Data;
        tree_.watches().add(kind, request.path, session.id);
        world_.record({.kind = sim::TraceKind::WatchSet,
                       .actor = "server",
                       .op = watchOp(request.op == OpCode::Exists, kind),
                       .path = request.path,
                       .session = session.id});
      }
      break;
    }
    case OpCode::GetAcl: executeGetAcl(session, request, reply); break;
    case OpCode::SetAcl: executeSetAcl(session, request, reply); break;
    case OpCode::AddAuth: executeAddAuth(session, request, reply); break;
    case OpCode::GetAllChildrenNumber:
      if (const Znode* node = tree_.find(request.path); !node) reply.rc = ErrorCode::NoNode;
      else if (!allowed(session, *node, kReadPermission)) reply.rc = ErrorCode::NoAuth;
      else
        reply.details = std::make_shared<ReadDetails>(
            ReadDetails{.count = tree_.allChildrenNumber(request.path)});
      break;
    case OpCode::GetEphemerals:
      // FinalRequestProcessor: a copy of the session's set, iterated, filtered by the prefix.
      reply.details = std::make_shared<ReadDetails>(
          ReadDetails{.paths = ephemeralsWithPrefix(tree_.ephemeralsOf(session.id), request.path)});
      break;
    case OpCode::WhoAmI: {
      // ServerCnxn.getAuthInfo, each Id as its provider's getUserName shows it: a digest id
      // without its hash. The model's clients have no address of their own; each answers as a
      // client on the server's machine would.
      reply.details = std::make_shared<ReadDetails>(
          ReadDetails{.identities = whoAmINames(session.auth)});
      break;
    }
    case OpCode::AddWatch:
      // No zxid, no check that the node exists (a watch on a missing node hears its creation).
      tree_.watches().addPersistent(request.path, session.id, request.watchMode);
      world_.record({.kind = sim::TraceKind::WatchSet,
                     .actor = "server",
                     .op = request.watchMode == AddWatchMode::Persistent
                               ? sim::WatchOp::Persistent
                               : sim::WatchOp::PersistentRecursive,
                     .path = request.path,
                     .session = session.id});
      break;
    case OpCode::RemoveWatches: {
      // FinalRequestProcessor: NoWatcher when the session had no such watch here. A local
      // removal never reaches this far in the real client; here it is answered without effect.
      if (request.local) break;
      std::vector<WatchKind> removedFrom;
      if (!tree_.watches().remove(request.path, request.watcherType, session.id, &removedFrom))
        reply.rc = ErrorCode::NoWatcher;
      for (const WatchKind kind : removedFrom) {
        world_.record({.kind = sim::TraceKind::WatchRemoved,
                       .actor = "server",
                       .op = kind == WatchKind::Child ? sim::WatchOp::Child : sim::WatchOp::Data,
                       .path = request.path,
                       .session = session.id});
      }
      break;
    }
    case OpCode::Sync:
    case OpCode::Ping:
    case OpCode::CloseSession:
    case OpCode::SetWatches: break;
  }
  if (zxid != 0) traceWrite(request, reply, zxid);
  reply.zxid = lastZxid_;
  notify(fired_);  // watch events go out before the reply that reflects the change
  return reply;
}

bool ZooKeeperServer::allowed(const Session& session, const Znode& node,
                              int32_t permissions) const {
  return aclAllows(node.acl, permissions, session.auth);
}

ErrorCode ZooKeeperServer::checkCreate(const Session& session, const Request& request,
                                       AclList& acl) const {
  // pRequest2TxnCreate: the ACL is vetted (fixupACL) before the parent is looked up, so an
  // invalid ACL under a missing parent is InvalidAcl; then CREATE on the parent, before the
  // sequential name is made and NodeExists is looked at.
  if (!request.more().acl.empty()) {
    const ErrorCode verdict = fixupAcl(request.more().acl, session.auth, acl);
    if (verdict != ErrorCode::Ok) return verdict;
  }
  const Znode* parent = tree_.find(DataTree::parentOf(request.path));
  if (parent && !allowed(session, *parent, kCreatePermission)) return ErrorCode::NoAuth;
  return ErrorCode::Ok;
}

ErrorCode ZooKeeperServer::checkRemove(const Session& session, const std::string& path) const {
  // After the system-node check (BadArguments, DataTree::remove), DELETE on the parent, before
  // the node is looked up: `delete /zookeeper/config/x` is NoAuth though x does not exist.
  if (DataTree::isSystemPath(path)) return ErrorCode::Ok;
  const Znode* parent = tree_.find(DataTree::parentOf(path));
  if (parent && !allowed(session, *parent, kDeletePermission)) return ErrorCode::NoAuth;
  return ErrorCode::Ok;
}

void ZooKeeperServer::executeSetAcl(Session& session, const Request& request, Reply& reply) {
  // PrepRequestProcessor: fixupACL, the node (NoNode), ADMIN on it, then the aclVersion.
  AclList acl;
  reply.rc = fixupAcl(request.more().acl, session.auth, acl);
  if (reply.rc != ErrorCode::Ok) return;
  const Znode* node = tree_.find(request.path);
  if (!node) {
    reply.rc = ErrorCode::NoNode;
    return;
  }
  if (!allowed(session, *node, kAdminPermission)) {
    reply.rc = ErrorCode::NoAuth;
    return;
  }
  reply.rc = tree_.setAcl(request.path, std::move(acl), request.version, reply.stat);
  reply.hasStat = reply.rc == ErrorCode::Ok;
}

void ZooKeeperServer::executeAddAuth(Session& session, const Request& request, Reply& reply) {
  // The providers a default server registers: digest adds user:base64(sha1(user:password)), ip
  // the connection's own address (which it holds already). Any other scheme fails.
  const RequestDetails& auth = request.more();
  if (auth.scheme == "digest") session.auth.add({"digest", digestId(auth.auth)});
  else if (auth.scheme == "ip") session.auth.add({"ip", std::string(kModelClientAddress)});
  else reply.rc = ErrorCode::AuthFailed;
}

void ZooKeeperServer::executeGetAcl(const Session& session, const Request& request, Reply& reply) {
  // FinalRequestProcessor: READ or ADMIN to read the ACL at all; without ADMIN the digest ids
  // lose their hashes.
  const Znode* node = tree_.find(request.path);
  if (!node) {
    reply.rc = ErrorCode::NoNode;
    return;
  }
  if (!allowed(session, *node, kReadPermission | kAdminPermission)) {
    reply.rc = ErrorCode::NoAuth;
    return;
  }
  std::vector<Acl> acl = aclEntries(node->acl);
  if (!allowed(session, *node, kAdminPermission)) acl = withDigestsHidden(std::move(acl));
  reply.details = std::make_shared<ReadDetails>(ReadDetails{.acl = std::move(acl)});
  reply.stat = node->stat;
  reply.hasStat = true;
}

void ZooKeeperServer::traceWrite(const Request& request, const Reply& reply, int64_t zxid) {
  if (reply.rc != ErrorCode::Ok) return;
  switch (request.op) {
    case OpCode::Create:
      world_.record({.kind = sim::TraceKind::NodeCreated,
                     .actor = "server",
                     .path = reply.path,
                     .value = createModeName(request.mode),
                     .session = reply.stat.ephemeralOwner,
                     .zxid = zxid});
      break;
    case OpCode::Delete:
      world_.record({.kind = sim::TraceKind::NodeDeleted,
                     .actor = "server",
                     .path = request.path,
                     .zxid = zxid});
      break;
    case OpCode::SetData:
      world_.record({.kind = sim::TraceKind::NodeChanged,
                     .actor = "server",
                     .path = request.path,
                     .value = request.data,
                     .zxid = zxid,
                     .request = reply.stat.version});
      break;
    default: break;
  }
}

void ZooKeeperServer::executeSetWatches(Session& session, const Request& request) {
  // DataTree.setWatches: re-arm what has not changed since the client's last seen zxid and fire
  // what has. An exists-watch on a node created and deleted meanwhile is re-armed, its event lost.
  fired_.clear();
  auto fire = [&](const std::string& path, EventType type) {
    fired_.push_back(
        Notification{session.id, WatchedEvent{type, SessionState::SyncConnected, path}});
  };
  // Re-armed watches enter the trace like freshly set ones, so trace readers can account for them.
  auto rearm = [&](WatchKind kind, const std::string& path, sim::WatchOp traceOp) {
    tree_.watches().add(kind, path, session.id);
    world_.record({.kind = sim::TraceKind::WatchSet,
                   .actor = "server",
                   .op = traceOp,
                   .path = path,
                   .detail = "re-armed",
                   .session = session.id});
  };
  for (const std::string& path : request.dataWatches) {
    const Znode* node = tree_.find(path);
    if (!node) fire(path, EventType::NodeDeleted);
    else if (node->stat.mzxid > request.relativeZxid) fire(path, EventType::NodeDataChanged);
    else rearm(WatchKind::Data, path, sim::WatchOp::Data);
  }
  for (const std::string& path : request.existWatches) {
    if (tree_.find(path)) fire(path, EventType::NodeCreated);
    else rearm(WatchKind::Data, path, sim::WatchOp::Exists);
  }
  for (const std::string& path : request.childWatches) {
    const Znode* node = tree_.find(path);
    if (!node) fire(path, EventType::NodeDeleted);
    else if (node->stat.pzxid > request.relativeZxid) fire(path, EventType::NodeChildrenChanged);
    else rearm(WatchKind::Child, path, sim::WatchOp::Child);
  }
  notify(fired_);
}

void ZooKeeperServer::send(const Link& link, Reply reply) {
  if (!link.connection) return;
  auto message = [weak = link.endpoint, attempt = link.attempt, reply = std::move(reply)] {
    if (auto client = weak.lock()) client->onReply(attempt, reply);
  };
  static_assert(sim::Connection::Message::fitsInline<decltype(message)>());
  link.connection->send(sim::Direction::ToClient, std::move(message));
}

void ZooKeeperServer::notify(const std::vector<Notification>& fired) {
  for (const Notification& notification : fired) {
    world_.record({.kind = sim::TraceKind::WatchFired,
                   .actor = "server",
                   .path = notification.event.path,
                   .value = eventTypeName(notification.event.type),
                   .session = notification.session});
    const Session* session = findSession(notification.session);
    if (!session || !session->link.connection) continue;
    const Link& link = session->link;
    auto message = [weak = link.endpoint, attempt = link.attempt, event = notification.event] {
      if (auto client = weak.lock()) client->onWatchEvent(attempt, event);
    };
    static_assert(sim::Connection::Message::fitsInline<decltype(message)>());
    link.connection->send(sim::Direction::ToClient, std::move(message));
  }
}

void ZooKeeperServer::scheduleContainerCheck() {
  if (containerCheckScheduled_ || tree_.emptyContainers().empty()) return;
  // The container manager runs at a fixed rate from server start, not when a container empties.
  const sim::Micros interval = sim::fromMillis(config_.containerCheckIntervalMs);
  containerCheckScheduled_ = true;
  world_.at((world_.now() / interval + 1) * interval, [this] { reapContainers(); });
}

void ZooKeeperServer::reapContainers() {
  containerCheckScheduled_ = false;
  for (const std::string& path : tree_.emptyContainers()) {
    fired_.clear();
    const int64_t zxid = nextZxid();
    if (tree_.remove(path, -1, zxid, fired_) == ErrorCode::Ok) {
      world_.record({.kind = sim::TraceKind::NodeDeleted,
                     .actor = "server",
                     .path = path,
                     .detail = "container reaped",
                     .zxid = zxid});
    }
    notify(fired_);
  }
  scheduleContainerCheck();  // a parent container may have emptied in turn
}

}  // namespace lockscope::zookeeper::model
