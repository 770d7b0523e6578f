// Messages in flight between the clients and the server, for the stage's moving dots and the
// space-time diagram's arrows. The trace knows when a client sent a request and when its reply
// arrived, but not when the server read it, so a request is drawn travelling for the first half
// of that round trip and its reply for the second half. A watch notification travels from the
// server's `watch_fired` to the client's `watch_delivered` (matched in order per session).
// Messages that never arrive (the client crashed, the reply was lost) travel for kLostFlight.
#pragma once

#include <cstdint>
#include <vector>

#include "recorded_trace.h"
#include "run_cast.h"

namespace lockscope::gui {

enum class FlightKind : uint8_t { Request, Reply, Notification };

struct Flight {
  FlightKind kind = FlightKind::Request;
  bool lost = false;  // never arrived: drawn fading out
  int client = kNoClient;
  sim::Micros start = 0, end = 0;
  sim::TraceOp op;    // requests and replies: the request's op
  TextId label = 0;   // notifications: the event type
  TextId target = 0;  // the server it goes to or comes from, when several (a Redis instance)
  // The trace event it draws: the request, the reply, the notification's delivery (its firing
  // while it is lost). The causal slice marks flights by it.
  size_t event = 0;
};

constexpr sim::Micros kLostFlight = 2000;

class FlightTable {
 public:
  FlightTable() = default;
  FlightTable(const RecordedTrace& trace, const RunCast& cast);

  const std::vector<Flight>& all() const { return flights_; }  // by start time
  // Indexes of the flights in the air at `time` (start <= time < end), in start order.
  std::vector<size_t> inFlightAt(sim::Micros time) const;
  // Indexes of the flights that overlap [from, to], in start order.
  std::vector<size_t> overlapping(sim::Micros from, sim::Micros to) const;
  size_t countAt(sim::Micros time, FlightKind kind) const;

 private:
  std::vector<Flight> flights_;
  sim::Micros longest_ = 0;
};

}  // namespace lockscope::gui
