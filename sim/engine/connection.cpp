#include "connection.h"

#include <algorithm>
#include <memory>

namespace lockscope::sim {

Arrival drawArrival(World& world, LatencyRange latency, Micros& lastArrival,
                    std::string_view subject) {
  const Micros drawn = world.now() +
                       world.chooser().betweenFor(latency.low, latency.high, "latency", subject);
  // Strictly after the previous arrival in this direction, so the chosen tie-break below can
  // never reorder one connection's messages.
  const Micros arrival = std::max(drawn, lastArrival + 1);
  lastArrival = arrival;
  const auto tieBreak = static_cast<uint16_t>(
      world.chooser().chooseFor(1u << 16, "simultaneous arrival order", subject));
  return {arrival, tieBreak};
}

Connection::Connection(World& world, std::string name, LatencyRange latency)
    : world_(world),
      name_(std::move(name)),
      subjects_{name_ + " to server", name_ + " to client"},
      latency_(latency) {}

Connection::~Connection() {
  if (keeper_) keeper_->forget();
}

bool Connection::admit() {
  ++sent_;
  if (!cut_) return true;
  ++dropped_;
  return false;
}

void Connection::scheduleArrival(size_t lane) {
  const Arrival arrival = drawArrival(world_, latency_, lastArrival_[lane], subjects_[lane]);
  ++pendingArrivals_;
  world_.atWithTieBreak(arrival.time, arrival.tieBreak,
                        [this, tag = epoch_ << 1 | lane] { arrive(tag); });
}

void Connection::arrive(uint64_t tag) {
  --pendingArrivals_;
  if (tag >> 1 != epoch_) {
    // Sent before a cut: counted when it would have arrived. Before a hold: still queued, and
    // arriving again after the release.
    if (tag >> 1 < lostBefore_) ++dropped_;
    return;
  }
  FifoQueue<Message>& lane = inFlight_[tag & 1];
  // Moved out first: the message may send on this connection, which appends to the same lane.
  Message message = std::move(lane.front());
  lane.pop_front();
  message();
}

void Connection::cut() {
  takeBackKept();
  if (cut_) return;
  cut_ = true;
  ++epoch_;
  lostBefore_ = epoch_;
  inFlight_[0].clear();
  inFlight_[1].clear();
}

void Connection::restore() {
  takeBackKept();
  cut_ = false;
}

void Connection::hold() {
  takeBackKept();
  if (held_) return;
  held_ = true;
  ++epoch_;  // the arrivals scheduled so far are void: the messages wait in their lanes
}

void Connection::release() {
  takeBackKept();
  if (!held_) return;
  held_ = false;
  // Everything held leaves now, in order, each after a latency (and never before the one ahead).
  for (size_t lane = 0; lane < 2; ++lane) {
    for (size_t index = 0; index < inFlight_[lane].size(); ++index) scheduleArrival(lane);
  }
}

}  // namespace lockscope::sim
