// The client side of one model session: what libzookeeper / the Java client do on the client's
// machine. It runs inside a sim::Process, so a paused process holds its timers and replies and a
// crashed one goes silent (its session then expires at the server).
//
// Timers as in ClientCnxn: a ping after a third of the negotiated timeout without sending; the
// connection is declared lost after two thirds without hearing anything (readTimeout), which fails
// every request in flight with ConnectionLoss and reports Disconnected; reconnect attempts follow,
// each given sessionTimeout (one host) to succeed; on success the client re-arms the watches it
// still holds (SetWatches); if the server says the session is gone, the client reports Expired and
// fails everything from then on with SessionExpired. The connection is TCP: if the network lost
// any of its messages (a cut drops what is in flight), the client treats the connection as broken
// at the next arrival, so no call waits for good on a lost reply and no watch event vanishes.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "backends/api/zookeeper_client.h"
#include "client_endpoint.h"
#include "path_set.h"
#include "sim/engine/connection.h"
#include "sim/engine/fifo_queue.h"
#include "sim/engine/inline_function.h"
#include "sim/engine/process.h"
#include "zookeeper_server.h"

namespace lockscope::zookeeper::model {

class ClientSession final : public ClientEndpoint,
                            public std::enable_shared_from_this<ClientSession> {
 public:
  // Room in place for what ModelClient wraps: one of the API's callbacks (64 bytes).
  using Completion = sim::InlineFunction<void(const Reply&), 64>;

  ClientSession(sim::World& world, sim::Process& process, sim::Connection& connection,
                ZooKeeperServer& server, std::string name, int64_t requestedTimeoutMs);
  ~ClientSession() override;
  ClientSession(const ClientSession&) = delete;
  ClientSession& operator=(const ClientSession&) = delete;

  // Sends the first connect request. Call once, right after construction.
  void start();

  void setWatcher(ZooKeeperClient::Watcher watcher) { watcher_ = std::move(watcher); }
  int64_t sessionId() const { return sessionId_; }
  SessionState state() const;
  int64_t negotiatedTimeoutMs() const { return timeoutMs_; }
  const std::string& name() const { return name_; }

  // Queues a request; `complete` runs with its reply (or a local failure) later, never inside.
  void submit(Request request, Completion complete);
  void close(Completion complete);

  // Fault: the reply to the next request is lost with the connection. If `applied`, the server
  // executes the request first; either way the client sees ConnectionLoss and reconnects.
  void loseNextReply(bool applied) {
    nextFate_ = applied ? Request::Fate::ReplyLostApplied : Request::Fate::ReplyLostNotApplied;
  }

  // The watches this client believes armed (for SetWatches after a reconnect).
  size_t heldWatchCount() const {
    return dataWatches_.size() + existWatches_.size() + childWatches_.size();
  }

  // ClientEndpoint: arrivals from the server (each routed through the process).
  void onConnectReply(uint64_t attempt, int64_t session, int64_t timeoutMs) override;
  void onReply(uint64_t attempt, const Reply& reply) override;
  void onPong(uint64_t attempt, int64_t zxid) override;
  void onWatchEvent(uint64_t attempt, const WatchedEvent& event) override;
  void onConnectionClosed(uint64_t attempt) override;

 private:
  friend class QuietSessions;

  enum class Phase { Connecting, Connected, Expired, Closed };
  struct Pending {
    Request request;
    Completion complete;
  };

  void startAttempt();
  void connectTimedOut(uint64_t attempt);
  bool resetIfMessagesLost();
  void connectionLost(const char* why);
  void handleConnectReply(uint64_t attempt, int64_t session, int64_t timeoutMs);
  void handleReply(uint64_t attempt, const Reply& reply);
  // What every reply does first: false if it is for an old connection or found it broken.
  bool heard(uint64_t attempt, int64_t zxid);
  void handlePong(uint64_t attempt, int64_t zxid);
  void handleWatchEvent(uint64_t attempt, const WatchedEvent& event);
  void transmit(Pending pending);
  void sendToServer(const Request& request);
  void sendSetWatches();
  void failAll(sim::FifoQueue<Pending>& pendings, ErrorCode rc);
  void failLater(Completion complete, int64_t xid, ErrorCode rc);
  void rememberWatch(const Request& request, const Reply& reply);
  void forgetWatches(const WatchedEvent& event);
  bool holdsWatchFor(const WatchedEvent& event) const;
  ErrorCode removeHeldWatches(const Request& request, const Reply& reply);
  void notifyWatcher(const WatchedEvent& event);
  void scheduleHeartbeat();
  void heartbeat();
  void traceState(sim::SessionOp state);
  // Before anything reads or changes what the table holds while it runs the heartbeat loop.
  void takeBackQuiet() {
    if (quiet_) quiet_->giveBack();
  }

  sim::World& world_;
  sim::Process& process_;
  sim::Connection& connection_;
  ZooKeeperServer& server_;
  std::string name_;
  int64_t requestedTimeoutMs_;
  ZooKeeperClient::Watcher watcher_;

  Phase phase_ = Phase::Connecting;
  bool everConnected_ = false;
  bool closing_ = false;  // a CloseSession was sent: the handle never reconnects
  int64_t sessionId_ = 0;
  int64_t timeoutMs_ = 0;
  uint64_t attempt_ = 0;
  int64_t nextXid_ = 1;
  int64_t lastZxidSeen_ = 0;
  sim::Micros lastSent_ = 0;
  sim::Micros lastReceived_ = 0;
  uint64_t droppedAtConnect_ = 0;  // the network's drop count on this connection when it opened
  bool heartbeatScheduled_ = false;
  Request::Fate nextFate_ = Request::Fate::Normal;

  sim::FifoQueue<Pending> waiting_;   // submitted while not connected: sent once connected
  sim::FifoQueue<Pending> inFlight_;  // sent, answered in order
  PathSet dataWatches_, existWatches_, childWatches_;
  // addWatch's watches (not re-armed by SetWatches after a reconnect: docs/zkcli-format.md).
  PathSet persistentWatches_, recursiveWatches_;
  // Set once this session used addWatch or removeWatches: from then on an event no held watch
  // asks for is dropped, as the Java client drops it (a watch removed with -l still fires at the
  // server). Other sessions deliver every event, as they always did.
  bool filtersEvents_ = false;
  QuietLoop* quiet_ = nullptr;  // while the server's table runs the heartbeat loop
};

}  // namespace lockscope::zookeeper::model
