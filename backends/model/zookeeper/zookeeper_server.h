// The model ZooKeeper server: one data tree, its sessions and their watches.
//
// Sessions follow the real server: the timeout is negotiated into [2, 20] x tickTime; any packet
// from the client pushes the expiry to the next tick boundary after now + timeout (ExpiryQueue's
// roundToNextInterval); an expired session is closed in one transaction that deletes all its
// ephemeral nodes; a client learns of the expiry only when it next reaches the server. Creating a
// session and every write, failed ones too, consume a zxid.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "client_endpoint.h"
#include "data_tree.h"
#include "quiet_sessions.h"
#include "sim/engine/connection.h"
#include "sim/engine/world.h"

namespace lockscope::zookeeper::model {

struct ServerConfig {
  int64_t tickTimeMs = 2000;
  // How often the container manager looks for emptied containers (znode.container.checkIntervalMs).
  int64_t containerCheckIntervalMs = 60'000;
  // zookeeper.extendedTypesEnabled: TTL nodes. Off, as on a default server, a TTL create fails
  // with Unimplemented (and uses a zxid). On, TTL nodes are made, but never expire: the model
  // has no TTL reaper (docs/zkcli-format.md).
  bool extendedTypesEnabled = false;
  // Idle sessions' heartbeats run from a compact table (quiet_sessions.h). Off only to compare:
  // a run is the same, event for event in its trace, either way.
  bool quietSessions = quietSessionsByDefault();
};

class ZooKeeperServer {
 public:
  // Where the server answers one client: the connection, the client, and which of the client's
  // connection attempts this is.
  struct Link {
    sim::Connection* connection = nullptr;
    std::weak_ptr<ClientEndpoint> endpoint;
    uint64_t attempt = 0;
  };

  ZooKeeperServer(sim::World& world, ServerConfig config);
  ZooKeeperServer(const ZooKeeperServer&) = delete;
  ZooKeeperServer& operator=(const ZooKeeperServer&) = delete;

  // A connect request arrived: sessionId 0 asks for a new session, otherwise to resume one.
  void onConnect(const Link& link, int64_t sessionId, int64_t requestedTimeoutMs,
                 const std::string& clientName);
  // A request arrived over the given connection attempt of a session.
  void onRequest(int64_t sessionId, uint64_t attempt, const Request& request);
  // A ping arrived: what onRequest does with one (it touches the session and is answered at
  // once, changing nothing else), without a Request and a Reply carried both ways.
  void onPing(int64_t sessionId, uint64_t attempt);

  // Fault: expire a session now, as if its timeout had passed without a heartbeat.
  void expireSession(int64_t sessionId);
  // Fault: close the session's connection from the server side (the client sees it at once).
  void dropConnection(int64_t sessionId);
  // Fault: the server process dies. Every connection closes (clients see it at once and keep
  // trying to reconnect); nothing is answered and no session expires while it is down.
  void stop();
  // Fault: the server comes back with its tree and its sessions, as ZooKeeper restores both from
  // its snapshot and transaction log. Every session's timeout starts again now (the session
  // tracker is rebuilt); watches come back only as clients re-register them (SetWatches).
  void start();
  bool running() const { return running_; }

  const ServerConfig& config() const { return config_; }
  DataTree& tree() { return tree_; }
  const DataTree& tree() const { return tree_; }
  int64_t lastZxid() const { return lastZxid_; }
  bool sessionAlive(int64_t sessionId) const { return findSession(sessionId) != nullptr; }
  size_t sessionCount() const { return liveSessions_; }
  int64_t negotiateTimeout(int64_t requestedMs) const;
  QuietSessions& quiet() { return quiet_; }

 private:
  friend class QuietSessions;

  struct Session {
    int64_t id = 0;
    std::string clientName;
    int64_t timeoutMs = 0;
    sim::Micros expiresAt = 0;  // a tick boundary
    sim::Micros checkScheduledAt = -1;
    Link link;
    // The identities the connection holds (ServerCnxn.authInfo): its address, then what
    // addAuth added. Kept with the session: the real client sends them again on a reconnect.
    AuthIdentities auth{std::string(kModelClientAddress)};
    QuietLoop* quiet = nullptr;  // while the table runs its heartbeat loop
  };

  // Before anything reads or changes a session whose loop the table runs.
  static void takeBackQuiet(Session& session) {
    if (session.quiet) session.quiet->giveBack();
  }

  // Sessions by id: ids are numbered in order of creation, so a session's slot is its number.
  // Every ping looks its session up; a tree of 10,000 sessions cost a cache miss per level.
  Session* findSession(int64_t sessionId);
  const Session* findSession(int64_t sessionId) const;
  int64_t nextZxid() { return ++lastZxid_; }
  int64_t nowMs() const { return sim::toMillis(world_.now()); }
  void touch(Session& session);
  void scheduleExpiryCheck(Session& session);
  void checkExpiry(int64_t sessionId);
  void closeSession(int64_t sessionId, sim::SessionOp reason);
  void resumeSession(Session& session, const Link& link);

  Reply execute(Session& session, const Request& request);
  // The ACL requests and checks of PrepRequestProcessor and FinalRequestProcessor.
  bool allowed(const Session& session, const Znode& node, int32_t permissions) const;
  ErrorCode checkCreate(const Session& session, const Request& request, AclList& acl) const;
  ErrorCode checkRemove(const Session& session, const std::string& path) const;
  void executeSetAcl(Session& session, const Request& request, Reply& reply);
  void executeAddAuth(Session& session, const Request& request, Reply& reply);
  void executeGetAcl(const Session& session, const Request& request, Reply& reply);
  void executeSetWatches(Session& session, const Request& request);
  void send(const Link& link, Reply reply);
  void notify(const std::vector<Notification>& fired);
  void traceWrite(const Request& request, const Reply& reply, int64_t zxid);
  void scheduleContainerCheck();
  void reapContainers();

  sim::World& world_;
  ServerConfig config_;
  DataTree tree_;
  std::vector<std::unique_ptr<Session>> sessions_;  // by number (id - base - 1); null once closed
  size_t liveSessions_ = 0;
  bool running_ = true;
  int64_t lastZxid_ = 0;
  int64_t sessionsCreated_ = 0;
  bool containerCheckScheduled_ = false;
  std::vector<Notification> fired_;  // reused buffer
  QuietSessions quiet_;              // last: it gives back into the members above
};

}  // namespace lockscope::zookeeper::model
