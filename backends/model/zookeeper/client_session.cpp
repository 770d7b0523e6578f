#include "client_session.h"

#include <algorithm>

namespace lockscope::zookeeper::model {
namespace {

constexpr int64_t kPingXid = -2;
constexpr int64_t kSetWatchesXid = -8;
// ClientCnxn sleeps up to a second before each reconnect attempt after the first.
constexpr sim::Micros kMaxReconnectDelay = sim::fromMillis(1000);

}  // namespace

ClientSession::ClientSession(sim::World& world, sim::Process& process, sim::Connection& connection,
                             ZooKeeperServer& server, std::string name, int64_t requestedTimeoutMs)
    : world_(world),
      process_(process),
      connection_(connection),
      server_(server),
      name_(std::move(name)),
      requestedTimeoutMs_(requestedTimeoutMs) {}

ClientSession::~ClientSession() {
  // The server and the network go on: the ping in flight still arrives, the session still expires.
  takeBackQuiet();
}

void ClientSession::start() { startAttempt(); }

SessionState ClientSession::state() const {
  switch (phase_) {
    case Phase::Connecting: return SessionState::Disconnected;
    case Phase::Connected: return SessionState::SyncConnected;
    case Phase::Expired: return SessionState::Expired;
    case Phase::Closed: return SessionState::Closed;
  }
  return SessionState::Disconnected;
}

void ClientSession::traceState(sim::SessionOp state) {
  world_.record(
      {.kind = sim::TraceKind::SessionState, .actor = name_, .op = state, .session = sessionId_});
}

void ClientSession::startAttempt() {
  const uint64_t attempt = ++attempt_;
  ZooKeeperServer::Link link{&connection_, weak_from_this(), attempt};
  connection_.send(sim::Direction::ToServer,
                   [server = &server_, link, session = sessionId_, timeout = requestedTimeoutMs_,
                    name = name_] { server->onConnect(link, session, timeout, name); });
  lastSent_ = world_.now();
  // One host: the attempt gets the whole session timeout (connectTimeout = timeout / hosts).
  const int64_t budgetMs = timeoutMs_ > 0 ? timeoutMs_ : requestedTimeoutMs_;
  process_.after(sim::fromMillis(budgetMs), [weak = weak_from_this(), attempt] {
    if (auto self = weak.lock()) self->connectTimedOut(attempt);
  });
}

void ClientSession::connectTimedOut(uint64_t attempt) {
  if (attempt != attempt_ || phase_ != Phase::Connecting) return;
  // The attempt failed: what waited for it fails, and the next attempt starts after a pause.
  ++attempt_;
  failAll(waiting_, ErrorCode::ConnectionLoss);
  const sim::Micros delay = world_.chooser().between(0, kMaxReconnectDelay, "reconnect delay");
  process_.after(delay, [weak = weak_from_this()] {
    if (auto self = weak.lock(); self && self->phase_ == Phase::Connecting) self->startAttempt();
  });
}

void ClientSession::onConnectReply(uint64_t attempt, int64_t session, int64_t timeoutMs) {
  takeBackQuiet();
  process_.deliver([weak = weak_from_this(), attempt, session, timeoutMs] {
    if (auto self = weak.lock()) self->handleConnectReply(attempt, session, timeoutMs);
  });
}

void ClientSession::onReply(uint64_t attempt, const Reply& reply) {
  takeBackQuiet();
  // A running process handles it now; only a paused one needs the reply copied to hold it.
  if (process_.state() == sim::Process::State::Running) return handleReply(attempt, reply);
  process_.deliver([weak = weak_from_this(), attempt, reply] {
    if (auto self = weak.lock()) self->handleReply(attempt, reply);
  });
}

void ClientSession::onPong(uint64_t attempt, int64_t zxid) {
  takeBackQuiet();
  if (process_.state() == sim::Process::State::Running) return handlePong(attempt, zxid);
  process_.deliver([weak = weak_from_this(), attempt, zxid] {
    if (auto self = weak.lock()) self->handlePong(attempt, zxid);
  });
}

void ClientSession::onWatchEvent(uint64_t attempt, const WatchedEvent& event) {
  takeBackQuiet();
  if (process_.state() == sim::Process::State::Running) return handleWatchEvent(attempt, event);
  process_.deliver([weak = weak_from_this(), attempt, event] {
    if (auto self = weak.lock()) self->handleWatchEvent(attempt, event);
  });
}

void ClientSession::onConnectionClosed(uint64_t attempt) {
  takeBackQuiet();
  process_.deliver([weak = weak_from_this(), attempt] {
    if (auto self = weak.lock();
        self && attempt == self->attempt_ && self->phase_ == Phase::Connected) {
      self->connectionLost("closed by server");
    }
  });
}

void ClientSession::handleConnectReply(uint64_t attempt, int64_t session, int64_t timeoutMs) {
  if (attempt != attempt_ || phase_ != Phase::Connecting) return;
  lastReceived_ = world_.now();
  if (timeoutMs == 0) {
    phase_ = Phase::Expired;
    traceState(sim::SessionOp::Expired);
    failAll(waiting_, ErrorCode::SessionExpired);
    notifyWatcher(WatchedEvent{EventType::None, SessionState::Expired, ""});
    return;
  }
  sessionId_ = session;
  timeoutMs_ = timeoutMs;
  phase_ = Phase::Connected;
  // Every message of earlier connections has arrived or been dropped by now (each direction is
  // FIFO), so from here on any drop belongs to this connection.
  droppedAtConnect_ = connection_.droppedCount();
  everConnected_ = true;
  traceState(sim::SessionOp::Connected);
  sendSetWatches();
  notifyWatcher(WatchedEvent{EventType::None, SessionState::SyncConnected, ""});
  sim::FifoQueue<Pending> waiting;
  waiting.swap(waiting_);
  for (; !waiting.empty(); waiting.pop_front()) transmit(std::move(waiting.front()));
  scheduleHeartbeat();
}

bool ClientSession::resetIfMessagesLost() {
  // The real connection is TCP: it never loses a message and carries on. The simulated network
  // drops what is in flight when it is cut, so a message lost on this connection means the TCP
  // connection broke. The client learns of it with the first arrival after the loss (as the Java
  // client does from an out-of-order xid), not earlier: while the cut lasts only the read timeout
  // can tell. Without this, a reply lost in a partition shorter than the read timeout left that
  // call, and every later one, waiting for good (replies that did not match the head of the
  // in-flight queue were ignored), and a lost watch event silently disarmed the watch.
  if (connection_.droppedCount() == droppedAtConnect_) return false;
  connectionLost("connection reset");
  return true;
}

void ClientSession::connectionLost(const char* why) {
  // A close in flight ends the handle whatever became of it, as ClientCnxn.close() disconnects in
  // a finally block: the client never reconnects (before this, it did, and resumed the session
  // it had asked to close when the request had been lost). The server closed the session, or
  // expires it after its timeout.
  phase_ = closing_ ? Phase::Closed : Phase::Connecting;
  ++attempt_;  // anything still in flight on the old connection is ignored when it arrives
  world_.record({.kind = sim::TraceKind::SessionState,
                 .actor = name_,
                 .op = sim::SessionOp::Disconnected,
                 .detail = why,
                 .session = sessionId_});
  if (closing_) traceState(sim::SessionOp::Closed);
  failAll(inFlight_, ErrorCode::ConnectionLoss);  // the close among them: its outcome is unknown
  notifyWatcher(WatchedEvent{EventType::None, SessionState::Disconnected, ""});
  if (closing_) {
    failAll(waiting_, ErrorCode::SessionExpired);
    notifyWatcher(WatchedEvent{EventType::None, SessionState::Closed, ""});
    return;
  }
  if (phase_ != Phase::Connecting) return;  // the watcher closed the session
  const sim::Micros delay = world_.chooser().between(0, kMaxReconnectDelay, "reconnect delay");
  process_.after(delay, [weak = weak_from_this()] {
    if (auto self = weak.lock(); self && self->phase_ == Phase::Connecting) self->startAttempt();
  });
}

void ClientSession::submit(Request request, Completion complete) {
  takeBackQuiet();
  if (phase_ == Phase::Expired || phase_ == Phase::Closed) {
    failLater(std::move(complete), 0, ErrorCode::SessionExpired);
    return;
  }
  request.xid = nextXid_++;
  world_.record({.kind = sim::TraceKind::Request,
                 .actor = name_,
                 .op = request.op,
                 .path = request.path,
                 .session = sessionId_,
                 .request = request.xid});
  Pending pending{std::move(request), std::move(complete)};
  if (phase_ == Phase::Connected) {
    transmit(std::move(pending));
  } else {
    waiting_.push_back(std::move(pending));
  }
}

void ClientSession::transmit(Pending pending) {
  pending.request.fate = std::exchange(nextFate_, Request::Fate::Normal);
  sendToServer(pending.request);
  inFlight_.push_back(std::move(pending));
}

void ClientSession::sendToServer(const Request& request) {
  // `request = request`, not `request`: a plain capture of a const reference is a const member,
  // which cannot be moved, and the message is moved into the connection's lane.
  auto message = [server = &server_, session = sessionId_, attempt = attempt_, request = request] {
    server->onRequest(session, attempt, request);
  };
  static_assert(sim::Connection::Message::fitsInline<decltype(message)>());
  connection_.send(sim::Direction::ToServer, std::move(message));
  lastSent_ = world_.now();
}

void ClientSession::sendSetWatches() {
  if (dataWatches_.empty() && existWatches_.empty() && childWatches_.empty()) return;
  Request request;
  request.xid = kSetWatchesXid;
  request.op = OpCode::SetWatches;
  request.relativeZxid = lastZxidSeen_;
  request.dataWatches.assign(dataWatches_.begin(), dataWatches_.end());
  request.existWatches.assign(existWatches_.begin(), existWatches_.end());
  request.childWatches.assign(childWatches_.begin(), childWatches_.end());
  sendToServer(request);
}

bool ClientSession::heard(uint64_t attempt, int64_t zxid) {
  if (attempt != attempt_ || phase_ != Phase::Connected) return false;
  if (resetIfMessagesLost()) return false;
  lastReceived_ = world_.now();
  lastZxidSeen_ = std::max(lastZxidSeen_, zxid);
  return true;
}

void ClientSession::handlePong(uint64_t attempt, int64_t zxid) { heard(attempt, zxid); }

void ClientSession::handleReply(uint64_t attempt, const Reply& reply) {
  if (!heard(attempt, reply.zxid)) return;
  if (reply.xid == kPingXid || reply.xid == kSetWatchesXid) return;
  if (inFlight_.empty() || inFlight_.front().request.xid != reply.xid) {
    connectionLost("xid out of order");  // ClientCnxn.readResponse: never wait on a lost reply
    return;
  }
  Pending pending = std::move(inFlight_.front());
  inFlight_.pop_front();
  const Request& request = pending.request;
  world_.record({.kind = sim::TraceKind::Reply,
                 .actor = name_,
                 .op = request.op,
                 .path = request.path,
                 .rc = errorCodeName(reply.rc),
                 .value = reply.path,
                 .session = sessionId_,
                 .zxid = reply.zxid,
                 .request = request.xid});
  rememberWatch(request, reply);
  if (request.op == OpCode::RemoveWatches) {
    Reply answered = reply;
    answered.rc = removeHeldWatches(request, reply);
    pending.complete(answered);
    return;
  }
  if (request.op == OpCode::CloseSession) {
    phase_ = Phase::Closed;
    traceState(sim::SessionOp::Closed);
  }
  pending.complete(reply);
  if (request.op == OpCode::CloseSession) {
    notifyWatcher(WatchedEvent{EventType::None, SessionState::Closed, ""});
  }
}

void ClientSession::rememberWatch(const Request& request, const Reply& reply) {
  if (request.op == OpCode::AddWatch || request.op == OpCode::RemoveWatches) filtersEvents_ = true;
  if (request.op == OpCode::AddWatch && reply.rc == ErrorCode::Ok) {
    (request.watchMode == AddWatchMode::Persistent ? persistentWatches_ : recursiveWatches_)
        .insert(request.path);
  }
  if (!request.watch) return;
  const bool found = reply.rc == ErrorCode::Ok;
  switch (request.op) {
    case OpCode::Exists:
      if (found) dataWatches_.insert(request.path);
      else if (reply.rc == ErrorCode::NoNode) existWatches_.insert(request.path);
      break;
    case OpCode::GetData:
      if (found) dataWatches_.insert(request.path);
      break;
    case OpCode::GetChildren:
      if (found) childWatches_.insert(request.path);
      break;
    default: break;
  }
}

void ClientSession::handleWatchEvent(uint64_t attempt, const WatchedEvent& event) {
  if (attempt != attempt_ || phase_ != Phase::Connected) return;
  if (resetIfMessagesLost()) return;  // the watch stays held: SetWatches fires it on reconnect
  lastReceived_ = world_.now();
  const bool held = holdsWatchFor(event);
  forgetWatches(event);
  if (filtersEvents_ && !held) return;
  world_.record({.kind = sim::TraceKind::WatchDelivered,
                 .actor = name_,
                 .path = event.path,
                 .value = eventTypeName(event.type),
                 .session = sessionId_});
  notifyWatcher(event);
}

void ClientSession::forgetWatches(const WatchedEvent& event) {
  switch (event.type) {
    case EventType::NodeCreated:
    case EventType::NodeDataChanged:
      dataWatches_.erase(event.path);
      existWatches_.erase(event.path);
      break;
    case EventType::NodeChildrenChanged: childWatches_.erase(event.path); break;
    case EventType::NodeDeleted:
      dataWatches_.erase(event.path);
      existWatches_.erase(event.path);
      childWatches_.erase(event.path);
      break;
    case EventType::None:
    case EventType::DataWatchRemoved:
    case EventType::ChildWatchRemoved:
    case EventType::PersistentWatchRemoved: break;
  }
}

// ZKWatchManager.materialize: which held watches an event is for. Persistent ones match their
// node, recursive ones their node and every node below it.
bool ClientSession::holdsWatchFor(const WatchedEvent& event) const {
  const std::string& path = event.path;
  bool held = persistentWatches_.contains(path);
  for (std::string node = path; !held && !node.empty();) {
    held = recursiveWatches_.contains(node);
    const size_t slash = node.rfind('/');
    node = node == "/" ? "" : (slash == 0 ? "/" : node.substr(0, slash));
  }
  const bool data = dataWatches_.contains(path) || existWatches_.contains(path);
  switch (event.type) {
    case EventType::NodeCreated:
    case EventType::NodeDataChanged: return held || data;
    case EventType::NodeChildrenChanged: return held || childWatches_.contains(path);
    case EventType::NodeDeleted: return held || data || childWatches_.contains(path);
    default: return true;
  }
}

// ZKWatchManager.removeWatcher, once the server answered: a failure there (unless local) is the
// answer; otherwise the held watches of the type go, with one *WatchRemoved event per kind, and
// NoWatcher when none was held. -c takes child watches, -d data and exists watches; only -a
// takes addWatch's (so `removewatches -d` of a persistent watch is NoWatcher here, though the
// server dropped its data-table entry).
ErrorCode ClientSession::removeHeldWatches(const Request& request, const Reply& reply) {
  if (!request.local && reply.rc != ErrorCode::Ok) return reply.rc;
  const WatcherType type = request.watcherType;
  const std::string& path = request.path;
  bool data = false, child = false, persistent = false;
  if (type != WatcherType::Children) {
    data = dataWatches_.erase(path);
    data = existWatches_.erase(path) || data;
  }
  if (type != WatcherType::Data) child = childWatches_.erase(path);
  if (type == WatcherType::Any) {
    persistent = persistentWatches_.erase(path);
    persistent = recursiveWatches_.erase(path) || persistent;
  }
  // The Java client queues them from a HashMap keyed by event type; this order was observed.
  if (data) notifyWatcher({EventType::DataWatchRemoved, SessionState::SyncConnected, path});
  if (persistent)
    notifyWatcher({EventType::PersistentWatchRemoved, SessionState::SyncConnected, path});
  if (child) notifyWatcher({EventType::ChildWatchRemoved, SessionState::SyncConnected, path});
  return data || child || persistent ? ErrorCode::Ok : ErrorCode::NoWatcher;
}

void ClientSession::notifyWatcher(const WatchedEvent& event) {
  if (watcher_) watcher_(event);
}

void ClientSession::close(Completion complete) {
  takeBackQuiet();
  if (phase_ == Phase::Connected) {
    Request request;
    request.op = OpCode::CloseSession;
    closing_ = true;
    submit(std::move(request), std::move(complete));
    return;
  }
  // Not connected (or already over): the handle closes locally; the server, if it still has the
  // session, expires it later.
  const bool wasOpen = phase_ == Phase::Connecting;
  if (wasOpen) {
    phase_ = Phase::Closed;
    traceState(sim::SessionOp::Closed);
    failAll(waiting_, ErrorCode::SessionExpired);
  }
  failLater(std::move(complete), 0, ErrorCode::Ok);
  if (wasOpen) {
    process_.after(0, [weak = weak_from_this()] {
      if (auto self = weak.lock())
        self->notifyWatcher(WatchedEvent{EventType::None, SessionState::Closed, ""});
    });
  }
}

void ClientSession::failAll(sim::FifoQueue<Pending>& pendings, ErrorCode rc) {
  sim::FifoQueue<Pending> failed;
  failed.swap(pendings);
  for (; !failed.empty(); failed.pop_front()) {
    Pending& pending = failed.front();
    Reply reply;
    reply.xid = pending.request.xid;
    reply.rc = rc;
    world_.record({.kind = sim::TraceKind::Reply,
                   .actor = name_,
                   .op = pending.request.op,
                   .path = pending.request.path,
                   .rc = errorCodeName(rc),
                   .session = sessionId_,
                   .request = pending.request.xid});
    pending.complete(reply);
  }
}

void ClientSession::failLater(Completion complete, int64_t xid, ErrorCode rc) {
  process_.after(0, [complete = std::move(complete), xid, rc] {
    Reply reply;
    reply.xid = xid;
    reply.rc = rc;
    complete(reply);
  });
}

void ClientSession::scheduleHeartbeat() {
  if (heartbeatScheduled_ || phase_ != Phase::Connected) return;
  const sim::Micros timeout = sim::fromMillis(timeoutMs_);
  const sim::Micros readTimeout = timeout * 2 / 3;
  const sim::Micros pingInterval = timeout / 3;
  const sim::Micros wake = std::min(lastReceived_ + readTimeout, lastSent_ + pingInterval);
  heartbeatScheduled_ = true;
  process_.after(std::max<sim::Micros>(wake - world_.now(), 1), [weak = weak_from_this()] {
    if (auto self = weak.lock()) self->heartbeat();
  });
}

void ClientSession::heartbeat() {
  heartbeatScheduled_ = false;
  if (phase_ != Phase::Connected) return;
  const sim::Micros timeout = sim::fromMillis(timeoutMs_);
  if (world_.now() - lastReceived_ >= timeout * 2 / 3) {
    connectionLost("read timeout");
    return;
  }
  // Idle: the server's table runs the loop from here, this heartbeat's ping included.
  if (server_.quiet().adopt(*this)) return;
  if (world_.now() - lastSent_ >= timeout / 3) {
    // A ping (xid -2): the server touches the session and answers with its last zxid.
    const sim::RoutineDecisions routine(world_.chooser());
    connection_.send(sim::Direction::ToServer,
                     [server = &server_, session = sessionId_, attempt = attempt_] {
                       server->onPing(session, attempt);
                     });
    lastSent_ = world_.now();
  }
  scheduleHeartbeat();
}

}  // namespace lockscope::zookeeper::model
