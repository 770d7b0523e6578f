#include "flights.h"

#include <algorithm>
#include <deque>
#include <map>
#include <tuple>

namespace lockscope::gui {
namespace {

struct PendingRequest {
  size_t event = 0;
  sim::Micros sent = 0;
  sim::TraceOp op;
  TextId target = 0;
};

}  // namespace

FlightTable::FlightTable(const RecordedTrace& trace, const RunCast& cast) {
  // (client, server, request number): Redis numbers requests per connection, so a Redlock
  // client's five requests share a number.
  std::map<std::tuple<int, TextId, int64_t>, PendingRequest> requests;
  std::map<int64_t, std::deque<size_t>> notifications;  // session -> fired, in order
  for (size_t index = 0; index < trace.size(); ++index) {
    const StoredEvent& event = trace[index];
    const int client = cast.clientOfActor(event.actor);
    switch (event.kind) {
      case sim::TraceKind::Request:
        if (client != kNoClient)
          requests[{client, event.detail, event.request}] = {index, event.time, event.op,
                                                             event.detail};
        break;
      case sim::TraceKind::Reply: {
        const auto found = requests.find({client, event.detail, event.request});
        if (client == kNoClient || found == requests.end()) break;
        const sim::Micros sent = found->second.sent;
        const sim::Micros middle = sent + (event.time - sent) / 2;
        const TextId target = found->second.target;
        flights_.push_back({FlightKind::Request, false, client, sent, middle, found->second.op, 0,
                            target, found->second.event});
        flights_.push_back({FlightKind::Reply, false, client, middle, event.time, found->second.op,
                            0, target, index});
        requests.erase(found);
        break;
      }
      case sim::TraceKind::WatchFired: {
        const int owner = cast.clientOfSession(event.session);
        if (owner == kNoClient) break;
        notifications[event.session].push_back(flights_.size());
        flights_.push_back({FlightKind::Notification,
                            true,
                            owner,
                            event.time,
                            event.time + kLostFlight,
                            {},
                            event.value,
                            0,
                            index});
        break;
      }
      case sim::TraceKind::WatchDelivered: {
        auto& fired = notifications[event.session];
        if (fired.empty()) break;
        Flight& flight = flights_[fired.front()];
        fired.pop_front();
        flight.end = event.time;
        flight.lost = false;
        flight.event = index;
        break;
      }
      default: break;
    }
  }
  for (const auto& [key, request] : requests) {
    flights_.push_back({FlightKind::Request, true, std::get<0>(key), request.sent,
                        request.sent + kLostFlight, request.op, 0, request.target, request.event});
  }
  std::stable_sort(flights_.begin(), flights_.end(),
                   [](const Flight& a, const Flight& b) { return a.start < b.start; });
  for (const Flight& flight : flights_) longest_ = std::max(longest_, flight.end - flight.start);
}

std::vector<size_t> FlightTable::overlapping(sim::Micros from, sim::Micros to) const {
  // Flights start in order and none lasts longer than longest_, so only those starting in
  // [from - longest_, to] can overlap: a binary search, not a scan of the run.
  const auto first = std::lower_bound(
      flights_.begin(), flights_.end(), from - longest_,
      [](const Flight& flight, sim::Micros time) { return flight.start < time; });
  std::vector<size_t> out;
  for (auto it = first; it != flights_.end() && it->start <= to; ++it) {
    if (it->end >= from) out.push_back(static_cast<size_t>(it - flights_.begin()));
  }
  return out;
}

std::vector<size_t> FlightTable::inFlightAt(sim::Micros time) const {
  std::vector<size_t> out;
  for (size_t index : overlapping(time, time)) {
    const Flight& flight = flights_[index];
    if (flight.start <= time && time < flight.end) out.push_back(index);
  }
  return out;
}

size_t FlightTable::countAt(sim::Micros time, FlightKind kind) const {
  size_t count = 0;
  for (size_t index : inFlightAt(time)) count += flights_[index].kind == kind ? 1 : 0;
  return count;
}

}  // namespace lockscope::gui
