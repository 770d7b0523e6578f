#include "quiet_sessions.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>

#include "client_session.h"
#include "zookeeper_server.h"

namespace lockscope::zookeeper::model {

bool quietSessionsByDefault() {
  const char* setting = std::getenv("LOCKSCOPE_QUIET_SESSIONS");
  return !setting || std::strcmp(setting, "0") != 0;
}

QuietLoop& QuietSessions::Records::add() {
  if (size_ % kBlock == 0) {
    blocks_.push_back(static_cast<QuietLoop*>(
        ::operator new (kBlock * sizeof(QuietLoop), std::align_val_t{alignof(QuietLoop)})));
  }
  QuietLoop* slot = &blocks_[size_ / kBlock][size_ % kBlock];
  ++size_;
  return *::new (static_cast<void*>(slot)) QuietLoop{};
}

QuietSessions::Records::~Records() {
  static_assert(std::is_trivially_destructible_v<QuietLoop>, "records are freed, not destroyed");
  for (QuietLoop* block : blocks_) {
    ::operator delete (block, std::align_val_t{alignof(QuietLoop)});
  }
}

void QuietLoop::giveBack() { table->giveBack(*this, Event::None); }

void QuietLoop::forget() { table->release(*this); }

QuietSessions::QuietSessions(sim::World& world, ZooKeeperServer& server)
    : world_(world), server_(server) {
  wheel_.observeLoads(&QuietSessions::prefetchRecords, this);
}

QuietSessions::~QuietSessions() {
  // The server is going away with its sessions: nothing more runs, nothing is put back.
  for (uint32_t number = 0; number < loops_.size(); ++number) {
    if (loops_[number].inTable) release(loops_[number]);
  }
  if (inWorld_) world_.removeSideAgenda(this);
}

bool QuietSessions::adopt(ClientSession& client) {
  if (!enabled_) return false;
  sim::Process& process = client.process_;
  sim::Connection& connection = client.connection_;
  if (process.keeper() || connection.keeper() || !connection.quiet()) return false;
  if (!client.inFlight_.empty() || !client.waiting_.empty()) return false;
  if (process.state() != sim::Process::State::Running || !server_.running()) return false;
  // A message lost on this connection and not yet noticed: the next arrival resets it.
  if (connection.droppedCount() != client.droppedAtConnect_) return false;
  ZooKeeperServer::Session* session = server_.findSession(client.sessionId_);
  // The server's expiry check must be pending (it is while the server runs): it stays on the
  // agenda, and the table takes the session's checks over from the moment it runs.
  if (!session || session->quiet || session->link.connection != &connection ||
      session->link.attempt != client.attempt_ || session->checkScheduledAt < 0) {
    return false;
  }

  QuietLoop* loop;
  if (free_.empty()) {
    LOCKSCOPE_CHECK(loops_.size() < kCheckBit, "more than 2^23 quiet sessions");
    loop = &loops_.add();
    loop->number = loops_.size() - 1;
    heads_.emplace_back();
  } else {
    const uint32_t number = free_.back();
    free_.pop_back();
    loop = &loops_[number];
    *loop = QuietLoop{};
    loop->number = number;
  }
  loop->inTable = true;
  loop->table = this;
  loop->client = &client;
  loop->process = &process;
  loop->connection = &connection;
  loop->sessionId = client.sessionId_;
  loop->attempt = client.attempt_;
  const sim::Micros timeout = sim::fromMillis(client.timeoutMs_);
  loop->pingInterval = timeout / 3;
  loop->readTimeout = timeout * 2 / 3;
  loop->lastSent = client.lastSent_;
  loop->lastReceived = client.lastReceived_;
  loop->lastZxidSeen = client.lastZxidSeen_;
  loop->latency = connection.latency();
  loop->lastArrival[0] = connection.lastArrival(sim::Direction::ToServer);
  loop->lastArrival[1] = connection.lastArrival(sim::Direction::ToClient);
  loop->sessionTimeout = sim::fromMillis(session->timeoutMs);
  loop->tick = sim::fromMillis(server_.config().tickTimeMs);
  Head& head = heads_[loop->number];
  head = Head{};
  head.expiresAt = session->expiresAt;

  process.setKeeper(loop);
  connection.setKeeper(loop);
  client.quiet_ = loop;
  session->quiet = loop;
  ++adopted_;
  // A side agenda of the world only while it holds a loop: a run without idle sessions (the
  // explorer's thousands of short ones) pays nothing for it.
  if (!inWorld_) {
    world_.addSideAgenda(this);
    inWorld_ = true;
  }
  beat(*loop);
  scheduleClient(*loop);
  return true;
}

void QuietSessions::giveBackAll() {
  for (uint32_t number = 0; number < loops_.size(); ++number) {
    if (loops_[number].inTable) giveBack(loops_[number], Event::None);
  }
}

const sim::EventKey* QuietSessions::nextKey() const {
  for (; !wheel_.empty(); wheel_.pop()) {
    const sim::TimeWheel::Entry& top = wheel_.top();
    const Head& head = heads_[numberOf(top)];
    const uint64_t sequence = top.order >> kSequenceShift;
    if (!(top.order & kCheckBit)) {
      if (head.clientSequence != sequence) continue;  // the loop ran that event, or left
      top_ = sim::EventKey{top.when, sequence, head.clientTime};
      topEvent_ = Event::Heartbeat;  // or a ping's or a pong's arrival: the record says which
      return &top_;
    }
    if (head.checkSequence == sequence) {
      top_ = sim::EventKey{top.when, sequence, head.checkTime};
      topEvent_ = Event::Check;
      return &top_;
    }
    // Otherwise the loop ran that event, or left, since: the entry is dropped.
  }
  return nullptr;
}

void QuietSessions::runNext() {
  // The world asked nextKey() just before: top_ is the top entry's key, and current.
  const uint32_t number = numberOf(wheel_.top());
  const sim::EventKey key = top_;
  const Event event = topEvent_;
  wheel_.pop();
  ++eventsRun_;
  if (event == Event::Check) {
    check(loops_[number]);
    return;
  }
  QuietLoop& loop = loops_[number];
  bool kept;
  if (loop.pingInFlight && loop.ping.sequence == key.sequence) {
    kept = pingArrives(loop);
  } else if (loop.pongInFlight && loop.pong.sequence == key.sequence) {
    kept = pongArrives(loop);
  } else {
    kept = heartbeat(loop);
  }
  if (kept) scheduleClient(loop);
}

void QuietSessions::prefetchRecords(void* context, const sim::TimeWheel::Entry* begin,
                                    const sim::TimeWheel::Entry* end) {
  const auto& table = *static_cast<const QuietSessions*>(context);
  for (const sim::TimeWheel::Entry* entry = begin; entry != end; ++entry) {
    // Every event reads its loop's head; a check reads no record, a heartbeat or an arrival
    // its first three lines.
    __builtin_prefetch(&table.heads_[numberOf(*entry)]);
    if (entry->order & kCheckBit) continue;
    const char* record = reinterpret_cast<const char*>(&table.loops_[numberOf(*entry)]);
    __builtin_prefetch(record);
    __builtin_prefetch(record + 64);
    __builtin_prefetch(record + 128);
  }
}

// ClientSession::heartbeat (the process running, the session connected: anything else gave the
// loop back).
bool QuietSessions::heartbeat(QuietLoop& loop) {
  if (loop.pingInFlight || loop.pongInFlight ||
      world_.now() - loop.lastReceived >= loop.readTimeout) {
    // A reply still on its way, or none for too long: the client's own code decides.
    ClientSession& client = *loop.client;
    giveBack(loop, Event::Heartbeat);
    client.heartbeat();
    return false;
  }
  beat(loop);
  return true;
}

void QuietSessions::beat(QuietLoop& loop) {
  const sim::Micros now = world_.now();
  if (now - loop.lastSent >= loop.pingInterval) {
    // The ping: sent on a connection that is not cut (a cut gives the loop back), counted, and
    // its arrival drawn, as Connection::send does.
    ++loop.sent;
    const sim::RoutineDecisions routine(world_.chooser());
    const sim::Arrival arrival = sim::drawArrival(
        world_, loop.latency, loop.lastArrival[0],
        loop.connection->subject(sim::Direction::ToServer));
    loop.ping = world_.reserve(arrival.time, arrival.tieBreak);
    loop.pingInFlight = true;
    loop.lastSent = now;
  }
  // ClientSession::scheduleHeartbeat.
  const sim::Micros wake = std::min(loop.lastReceived + loop.readTimeout,
                                    loop.lastSent + loop.pingInterval);
  loop.heartbeat = world_.reserve(now + std::max<sim::Micros>(wake - now, 1));
}

// ZooKeeperServer::onPing (the server running and holding the session on this connection).
bool QuietSessions::pingArrives(QuietLoop& loop) {
  if (loop.pongInFlight) {
    // The last ping's answer is still on its way: the objects' own code runs this one.
    ZooKeeperServer& server = server_;
    const int64_t session = loop.sessionId;
    const uint64_t attempt = loop.attempt;
    giveBack(loop, Event::Ping);
    server.onPing(session, attempt);
    return false;
  }
  loop.pingInFlight = false;
  // touch(): the expiry moves to the tick after now + timeout; a check is pending already.
  const sim::Micros deadline = world_.now() + loop.sessionTimeout;
  heads_[loop.number].expiresAt = (deadline / loop.tick + 1) * loop.tick;
  // The pong.
  ++loop.sent;
  const sim::RoutineDecisions routine(world_.chooser());
  const sim::Arrival arrival = sim::drawArrival(world_, loop.latency, loop.lastArrival[1],
                                                loop.connection->subject(sim::Direction::ToClient));
  loop.pong = world_.reserve(arrival.time, arrival.tieBreak);
  loop.pongZxid = server_.lastZxid();
  loop.pongInFlight = true;
  return true;
}

// ClientSession::onPong and heard() (the process running, the session connected on this
// attempt, nothing lost on the connection: anything else gave the loop back).
bool QuietSessions::pongArrives(QuietLoop& loop) {
  loop.lastReceived = world_.now();
  loop.lastZxidSeen = std::max(loop.lastZxidSeen, loop.pongZxid);
  loop.pongInFlight = false;
  return true;
}

// ZooKeeperServer::checkExpiry, from the table.
bool QuietSessions::check(QuietLoop& loop) {
  const Head& head = heads_[loop.number];
  if (world_.now() >= head.expiresAt) {
    ZooKeeperServer& server = server_;
    const int64_t session = loop.sessionId;
    giveBack(loop, Event::Check);
    server.checkExpiry(session);
    return false;
  }
  scheduleCheck(loop.number, world_.reserve(head.expiresAt));
  return true;
}

bool QuietSessions::checkFromAgenda(QuietLoop& loop) {
  // The server's own check, pending when the loop was taken over: the same as from the table,
  // except that when it expires the session the server's code carries on with it.
  const Head& head = heads_[loop.number];
  LOCKSCOPE_CHECK(head.checkSequence == 0, "a second expiry check for a session in the table");
  if (world_.now() >= head.expiresAt) {
    giveBack(loop, Event::None);
    return false;
  }
  scheduleCheck(loop.number, world_.reserve(head.expiresAt));
  return true;
}

void QuietSessions::giveBack(QuietLoop& loop, Event running) {
  ClientSession& client = *loop.client;
  sim::Connection& connection = *loop.connection;
  ZooKeeperServer::Session* session = server_.findSession(loop.sessionId);
  LOCKSCOPE_CHECK(session && session->quiet == &loop, "a quiet loop without its server session");
  const QuietLoop kept = loop;
  const Head head = heads_[loop.number];
  ++givenBack_;
  release(loop);

  // The client's clocks, and its heartbeat timer (unless that is the event being run, which sets
  // the flag back itself).
  client.lastSent_ = kept.lastSent;
  client.lastReceived_ = kept.lastReceived;
  client.lastZxidSeen_ = kept.lastZxidSeen;
  client.heartbeatScheduled_ = true;
  // The network: what was sent meanwhile, and what is still in flight.
  connection.restoreKept(kept.sent, kept.lastArrival[0], kept.lastArrival[1]);
  if (kept.pingInFlight && running != Event::Ping) {
    connection.sendWithKey(sim::Direction::ToServer, kept.ping,
                           [server = &server_, id = kept.sessionId, attempt = kept.attempt] {
                             server->onPing(id, attempt);
                           });
  }
  if (kept.pongInFlight) {
    std::weak_ptr<ClientEndpoint> endpoint = client.weak_from_this();
    connection.sendWithKey(
        sim::Direction::ToClient, kept.pong,
        [weak = std::move(endpoint), attempt = kept.attempt, zxid = kept.pongZxid] {
          if (auto endpoint = weak.lock()) endpoint->onPong(attempt, zxid);
        });
  }
  if (running != Event::Heartbeat) {
    kept.process->atKey(kept.heartbeat, [weak = client.weak_from_this()] {
      if (auto self = weak.lock()) self->heartbeat();
    });
  }
  // The server's session: its expiry, and its next check (unless that is the one being run, or
  // the server's own is still on the agenda).
  session->expiresAt = head.expiresAt;
  if (head.checkSequence != 0) {
    session->checkScheduledAt = head.checkTime;
    if (running != Event::Check) {
      const sim::EventKey check = sim::EventQueue::keyOf(head.checkTime, 0, head.checkSequence);
      world_.atKey(check, [server = &server_, id = kept.sessionId] { server->checkExpiry(id); });
    }
  }
}

void QuietSessions::release(QuietLoop& loop) {
  loop.inTable = false;
  heads_[loop.number] = Head{};  // its entries on the wheel are dropped when they reach the top
  loop.process->setKeeper(nullptr);
  loop.connection->setKeeper(nullptr);
  loop.client->quiet_ = nullptr;
  if (ZooKeeperServer::Session* session = server_.findSession(loop.sessionId)) {
    if (session->quiet == &loop) session->quiet = nullptr;
  }
  loop.table = nullptr;
  free_.push_back(loop.number);
  if (quietCount() == 0 && inWorld_) {
    world_.removeSideAgenda(this);  // what is left on the wheel is stale
    inWorld_ = false;
  }
}

void QuietSessions::scheduleClient(QuietLoop& loop) {
  const sim::EventKey* next = &loop.heartbeat;
  if (loop.pingInFlight && loop.ping < *next) next = &loop.ping;
  if (loop.pongInFlight && loop.pong < *next) next = &loop.pong;
  Head& head = heads_[loop.number];
  head.clientSequence = next->sequence;
  head.clientTime = next->time;
  wheel_.push(sim::TimeWheel::Entry{next->when, next->sequence << kSequenceShift | loop.number});
}

void QuietSessions::scheduleCheck(uint32_t number, const sim::EventKey& key) {
  Head& head = heads_[number];
  head.checkSequence = key.sequence;
  head.checkTime = key.time;
  wheel_.push(sim::TimeWheel::Entry{key.when, key.sequence << kSequenceShift | kCheckBit | number});
}

}  // namespace lockscope::zookeeper::model
