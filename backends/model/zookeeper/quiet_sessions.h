// Idle sessions' heartbeats, run from a compact table instead of their objects.
//
// A connected session with nothing in flight costs, every third of its timeout, a ping and its
// answer: three events (the client's heartbeat timer, the ping's arrival at the server, the pong's
// arrival at the client) and, every few seconds, the server's expiry check. None of them is
// traced, but they cannot be left out or played in bulk: the ping and the pong each draw a latency
// and a tie-break from the run's Chooser (every later draw, and every trace, depends on them
// happening in their place), the check reserves the order of the next one against everything else
// due on that tick, and a run's own stopping rule reads the clock between any two events (the
// stall window) and counts them. Run from the objects, 10,000 sessions' heartbeats were cache
// misses on as many clients, processes, connections and server sessions, and most of a long
// run's time.
//
// So a session that is connected and idle at a heartbeat hands its heartbeat loop over to this
// table (adopt()). One record holds what the loop touches: the client's "last sent" and "last
// heard" times and zxid, the connection's latency, last arrivals and sent count, the server's
// expiry time, and the keys of the events to come: the next heartbeat, the ping and the pong in
// flight, the session's next expiry check. As a side agenda of the world (world.h), the table runs
// every one of those events, one for one, in its exact place in the run's order, under the key the
// world reserved for it when the objects would have scheduled it, and draws exactly what they
// would have drawn: the world runs the same events at the same times, only cheaper. The server's
// check pending at the takeover stays on the agenda; when it runs, the table takes the checks over.
//
// The moment anything could observe the difference - the client is called or sent to, anything
// goes either way on the connection or its counts are read, a fault hits the process, the
// connection, the session or the server - the record gives everything back (giveBack()): the
// objects' fields as they would stand, and every event still to come put on the agenda under its
// reserved key (the ping and the pong in flight as real messages in their lanes). The session
// enters the table again at a later heartbeat, once it is idle again.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "sim/engine/connection.h"
#include "sim/engine/process.h"
#include "sim/engine/state_keeper.h"
#include "sim/engine/time_wheel.h"
#include "sim/engine/world.h"

namespace lockscope::zookeeper::model {

class ClientSession;
class ZooKeeperServer;
class QuietSessions;

// On unless the environment has LOCKSCOPE_QUIET_SESSIONS=0: the switch that lets anyone compare a
// run with the table and without it (the trace is the same; only the time differs).
bool quietSessionsByDefault();

// One session's heartbeat loop, while the table runs it: what the client's heartbeat and the
// ping's and the pong's arrivals read and write, in the record's first three cache lines (the
// rest is read only when the loop is taken over or given back). The server's expiry check lives in
// the table's heads (below), so that a check reads no record.
struct alignas(64) QuietLoop final : sim::StateKeeper {
  enum class Event : uint8_t { None, Heartbeat, Ping, Check };

  void giveBack() override;
  void forget() override;

  bool inTable = false;
  bool pingInFlight = false;
  bool pongInFlight = false;
  uint32_t number = 0;  // its place in the table

  // The client (ClientCnxn's timers).
  sim::Micros pingInterval = 0;  // a third of the timeout
  sim::Micros readTimeout = 0;   // two thirds
  sim::Micros lastSent = 0;
  sim::Micros lastReceived = 0;
  sim::EventKey heartbeat;

  // The network.
  sim::LatencyRange latency;
  sim::Micros lastArrival[2] = {0, 0};  // by direction
  uint64_t sent = 0;                    // messages sent meanwhile
  sim::EventKey ping;
  sim::EventKey pong;
  int64_t pongZxid = 0;

  // The server.
  sim::Micros sessionTimeout = 0;
  sim::Micros tick = 0;

  int64_t lastZxidSeen = 0;

  // Read when it comes back.
  QuietSessions* table = nullptr;
  ClientSession* client = nullptr;
  sim::Process* process = nullptr;
  sim::Connection* connection = nullptr;
  int64_t sessionId = 0;
  uint64_t attempt = 0;
};

class QuietSessions final : public sim::SideAgenda {
 public:
  QuietSessions(sim::World& world, ZooKeeperServer& server);
  ~QuietSessions();
  QuietSessions(const QuietSessions&) = delete;
  QuietSessions& operator=(const QuietSessions&) = delete;

  // Off: every heartbeat runs from the objects, as before the table (for tests comparing both).
  void setEnabled(bool enabled) { enabled_ = enabled; }
  bool enabled() const { return enabled_; }

  // From the client's heartbeat, once it has checked the read timeout: takes the loop over from
  // this heartbeat on (sending its ping and setting the next heartbeat, as the client would) if
  // the session is idle: nothing in flight on a connection that lost nothing, the server running
  // and holding the session on this connection. False when it is not; the client carries on.
  bool adopt(ClientSession& client);
  // Gives every loop back (the server is about to stop).
  void giveBackAll();
  // The server's expiry check, pending on the agenda when the loop was taken over, has come: the
  // table takes the session's checks over. False when it finds the session expired: the loop is
  // given back and the server's code carries on.
  bool checkFromAgenda(QuietLoop& loop);

  size_t quietCount() const { return loops_.size() - free_.size(); }
  // Events the table ran (heartbeats, pings' and pongs' arrivals, expiry checks), loops it took
  // over and gave back.
  uint64_t eventsRun() const { return eventsRun_; }
  uint64_t adopted() const { return adopted_; }
  uint64_t givenBack() const { return givenBack_; }

  const sim::EventKey* nextKey() const override;
  void runNext() override;

 private:
  friend struct QuietLoop;
  using Event = QuietLoop::Event;

  // A loop's two tracks of events, and the server session's expiry: 40 bytes a loop, so that the
  // order is kept, and an expiry check run, without reading a record.
  struct Head {
    uint64_t clientSequence = 0;  // the next heartbeat or arrival; 0: none (not in the table)
    uint64_t checkSequence = 0;   // the session's next expiry check; 0: the server's, on the agenda
    sim::Micros clientTime = 0;
    sim::Micros checkTime = 0;
    sim::Micros expiresAt = 0;  // the server session's
  };

  // Each runs one event of the loop; false when it gave the loop back (then `loop` is gone).
  bool heartbeat(QuietLoop& loop);
  bool pingArrives(QuietLoop& loop);
  bool pongArrives(QuietLoop& loop);
  bool check(QuietLoop& loop);
  // What ClientSession::heartbeat does after its read-timeout check: a ping if a third of the
  // timeout passed since the last send, then the next heartbeat.
  void beat(QuietLoop& loop);
  // Puts everything back; `running` is the event being run now, which the caller runs itself.
  void giveBack(QuietLoop& loop, Event running);
  void release(QuietLoop& loop);

  // Enters the loop's next client event (the ping in flight or the next heartbeat) in the order.
  void scheduleClient(QuietLoop& loop);
  void scheduleCheck(uint32_t number, const sim::EventKey& key);
  // As the wheel reaches a bucket (4 ms of time): starts loading the records its heartbeats and
  // pings will read, while the world runs what comes before (a record is read once per event,
  // and thousands of loops run between two events of one: it is in memory, not in a cache).
  static void prefetchRecords(void* table, const sim::TimeWheel::Entry* begin,
                              const sim::TimeWheel::Entry* end);

  // The order: the loops' next keys on a time wheel (time_wheel.h), each entry's `order` the
  // key's sequence << 24 | whether it is a check << 23 | the loop's number. An entry stays where
  // it is when its loop runs or leaves: the loop enters again under its new key, and an entry
  // whose sequence is no longer one of its loop's heads is dropped on reaching the top.
  static constexpr int kSequenceShift = 24;
  static constexpr uint64_t kCheckBit = uint64_t{1} << 23;
  static uint32_t numberOf(const sim::TimeWheel::Entry& entry) {
    return static_cast<uint32_t>(entry.order & (kCheckBit - 1));
  }

  sim::World& world_;
  ZooKeeperServer& server_;
  bool enabled_ = true;
  bool inWorld_ = false;  // registered as a side agenda: while it holds a loop
  mutable sim::TimeWheel wheel_;
  mutable sim::EventKey top_;
  mutable Event topEvent_ = Event::None;  // client (Heartbeat) or Check

  // The records, numbered in order, in blocks of 64: stable addresses, and neighbours in memory.
  // A block's records are made as they are first used (a run with a few sessions makes a few).
  class Records {
   public:
    Records() = default;
    Records(const Records&) = delete;
    Records& operator=(const Records&) = delete;
    ~Records();
    QuietLoop& operator[](uint32_t number) const {
      return blocks_[number / kBlock][number % kBlock];
    }
    uint32_t size() const { return size_; }
    QuietLoop& add();

   private:
    static constexpr uint32_t kBlock = 64;
    std::vector<QuietLoop*> blocks_;  // raw storage for kBlock records each
    uint32_t size_ = 0;
  };
  Records loops_;            // freed ones reused
  std::vector<Head> heads_;  // by number
  std::vector<uint32_t> free_;
  uint64_t eventsRun_ = 0;
  uint64_t adopted_ = 0;
  uint64_t givenBack_ = 0;
};

}  // namespace lockscope::zookeeper::model
