#include "connection.h"

#include <algorithm>
#include <memory>

namespace lockscope::sim {

Connection::Connection(World& world, std::string name, LatencyRange latency)
    : world_(world), name_(std::move(name)), latency_(latency) {}

void Connection::send(Direction direction, std::function<void()> message) {
  ++sent_;
  if (cut_) {
    ++dropped_;
    return;
  }
  const auto lane = static_cast<size_t>(direction);
  const Micros drawn = world_.now() + world_.chooser().between(latency_.low, latency_.high, "latency");
  // Strictly after the previous arrival in this direction, so the chosen tie-break below can
  // never reorder one connection's messages.
  const Micros arrival = std::max(drawn, lastArrival_[lane] + 1);
  lastArrival_[lane] = arrival;
  const uint64_t tieBreak = world_.chooser().choose(1u << 16, "simultaneous arrival order");
  world_.atWithTieBreak(arrival, tieBreak,
                        [this, epoch = epoch_, message = std::move(message)]() {
                          if (epoch != epoch_) {
                            ++dropped_;
                            return;
                          }
                          message();
                        });
}

void Connection::cut() {
  if (cut_) return;
  cut_ = true;
  ++epoch_;
}

void Connection::restore() { cut_ = false; }

}  // namespace lockscope::sim
