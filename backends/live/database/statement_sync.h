// Makes a live database run's schedule the model's. On the model a statement reaches the server,
// and runs or blocks there, before anything later in virtual time happens; live, a later step of
// another client could overtake it on the wire, and which of two INSERTs takes a key first would
// be a race. So once a client has sent a statement, the world's clock stands still
// (RealTimeDriver::setHold) until the server answered it or reports its session waiting for a lock
// (lock_waits.h). A statement that does neither within kLetGoAfter (a slow server, a lock the
// server does not report) is let go with a note, as is every statement when the server will not
// say who waits (the note says why).
#pragma once

#include <chrono>
#include <map>

#include "live_database_connector.h"

namespace lockscope::live::database {

class StatementSync {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr auto kLetGoAfter = std::chrono::seconds(2);

  StatementSync(sim::World& world, LiveDatabaseConnector& connector);

  // Whether the world must wait: some statement is neither answered nor reported waiting.
  bool mustHold();

 private:
  struct OnTheWire {
    uint64_t statement = 0;  // its number on its connection
    Clock::time_point since;
    bool waiting = false;  // the server reported its session waiting for a lock
    bool letGo = false;    // waited for too long: no longer held for
  };

  // Asks the server who waits and marks those statements; false when it would not say.
  bool askTheServer(Clock::time_point now);
  void note(const std::string& text);

  sim::World& world_;
  LiveDatabaseConnector& connector_;
  std::map<const LiveSqlClient*, OnTheWire> onTheWire_;
  Clock::time_point nextQuestion_;
  bool serverSilent_ = false;  // it would not say: no sync for the rest of the run
};

}  // namespace lockscope::live::database
