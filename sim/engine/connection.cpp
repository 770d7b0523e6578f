#include "connection.h"

#include <algorithm>
#include <memory>

namespace lockscope::sim {

Connection::Connection(World& world, std::string name, LatencyRange latency)
    : world_(world), name_(std::move(name)), latency_(latency) {}

bool Connection::admit() {
  ++sent_;
  if (!cut_) return true;
  ++dropped_;
  return false;
}

void Connection::scheduleArrival(size_t lane) {
  const Micros drawn = world_.now() +
                       world_.chooser().between(latency_.low, latency_.high, "latency");
  // Strictly after the previous arrival in this direction, so the chosen tie-break below can
  // never reorder one connection's messages.
  const Micros arrival = std::max(drawn, lastArrival_[lane] + 1);
  lastArrival_[lane] = arrival;
  const auto tieBreak = static_cast<uint16_t>(
      world_.chooser().choose(1u << 16, "simultaneous arrival order"));
  world_.atWithTieBreak(arrival, tieBreak, [this, tag = epoch_ << 1 | lane] { arrive(tag); });
}

void Connection::arrive(uint64_t tag) {
  if (tag >> 1 != epoch_) {
    ++dropped_;  // sent before a cut: counted when it would have arrived
    return;
  }
  FifoQueue<Message>& lane = inFlight_[tag & 1];
  // Moved out first: the message may send on this connection, which appends to the same lane.
  Message message = std::move(lane.front());
  lane.pop_front();
  message();
}

void Connection::cut() {
  if (cut_) return;
  cut_ = true;
  ++epoch_;
  inFlight_[0].clear();
  inFlight_[1].clear();
}

void Connection::restore() { cut_ = false; }

}  // namespace lockscope::sim
