// A client<->server connection: two one-way FIFO channels with a latency range.
//
// Each message's latency is drawn from the Chooser, but a message never overtakes an earlier one
// in the same direction (TCP order). cut() is a partition: everything in flight is lost and
// nothing gets through until restore(); neither end is told, as with a real network. hold() is
// a partition as one TCP connection lives it: nothing arrives, but nothing is lost either - the
// kernels retransmit - so at release() everything held arrives, in order, after a latency.
#pragma once

#include <cstdint>
#include <string>

#include "fifo_queue.h"
#include "inline_function.h"
#include "state_keeper.h"
#include "virtual_time.h"
#include "world.h"

namespace lockscope::sim {

struct LatencyRange {
  Micros low = 0;
  Micros high = 0;
};

enum class Direction { ToServer = 0, ToClient = 1 };

// When a message sent now arrives and how it is ordered among simultaneous arrivals: a latency
// drawn from `latency`, never at or before the lane's last arrival (updated), then a tie-break.
// Two draws from the world's Chooser, in this order, both about `subject` (the lane's name).
struct Arrival {
  Micros time;
  uint16_t tieBreak;
};
Arrival drawArrival(World& world, LatencyRange latency, Micros& lastArrival,
                    std::string_view subject);

class Connection {
 public:
  // A message is the closure that delivers it. Room in place for the largest frequent one, the
  // ZooKeeper model's request (a Request of 208 bytes with its session, attempt and server), so
  // a message lives in its lane's reused storage rather than in a malloc'd block of its own (the
  // herd sent two or three messages per notification).
  using Message = InlineFunction<void(), 232>;

  Connection(World& world, std::string name, LatencyRange latency);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Delivers `message` (runs it) after the drawn latency, unless the connection is cut before.
  // A template so that the closure is built straight into its lane, moved once, not three times.
  template <typename F>
  void send(Direction direction, F&& message) {
    takeBackKept();
    if (!admit()) return;
    const auto lane = static_cast<size_t>(direction);
    inFlight_[lane].emplace_back(std::forward<F>(message));
    if (!held_) scheduleArrival(lane);
  }

  void cut();
  void restore();
  bool isCut() const { return cut_; }
  void hold();
  void release();
  bool isHeld() const { return held_; }

  void setLatency(LatencyRange latency) {
    takeBackKept();
    latency_ = latency;
  }
  LatencyRange latency() const {
    takeBackKept();
    return latency_;
  }
  const std::string& name() const { return name_; }
  // A lane's name for the Chooser's decisions about it: "c1 to server", "c1 to client".
  std::string_view subject(Direction direction) const {
    return subjects_[static_cast<size_t>(direction)];
  }

  uint64_t sentCount() const {
    takeBackKept();
    return sent_;
  }
  uint64_t droppedCount() const {
    takeBackKept();
    return dropped_;
  }

  // For a keeper of its quiet traffic (state_keeper.h), which sends, draws and counts as send()
  // would, and puts back what is still in flight with sendWithKey() when it gives back.
  // Quiet: not cut, not held, no arrival pending (so nothing in flight and no lost message still
  // to be counted). Every other call gives the kept state back first.
  bool quiet() const { return !cut_ && !held_ && pendingArrivals_ == 0; }
  void setKeeper(StateKeeper* keeper) { keeper_ = keeper; }
  StateKeeper* keeper() const { return keeper_; }
  Micros lastArrival(Direction direction) const {
    return lastArrival_[static_cast<size_t>(direction)];
  }
  // What the keeper's sends did meanwhile: `sent` more messages, the lanes' last arrivals.
  void restoreKept(uint64_t sent, Micros lastToServer, Micros lastToClient) {
    sent_ += sent;
    lastArrival_[0] = lastToServer;
    lastArrival_[1] = lastToClient;
  }
  // A message the keeper sent (admitted, its arrival drawn and its key reserved then) and still
  // in flight: it joins its lane as the last one sent and arrives at `arrival`.
  template <typename F>
  void sendWithKey(Direction direction, const EventKey& arrival, F&& message) {
    const auto lane = static_cast<size_t>(direction);
    inFlight_[lane].emplace_back(std::forward<F>(message));
    ++pendingArrivals_;
    world_.atKey(arrival, [this, tag = epoch_ << 1 | lane] { arrive(tag); });
  }

 private:
  // Counts a message sent; false (and counted as dropped) while the connection is cut.
  bool admit();
  // Const: reading a count gives back what a keeper holds (it changes nothing seen from outside).
  void takeBackKept() const {
    if (keeper_) keeper_->giveBack();
  }
  // Draws the arrival time of the message just queued in `lane` and puts it on the agenda.
  void scheduleArrival(size_t lane);
  // Runs the oldest message in flight in the lane named by `tag`, unless a cut lost it.
  void arrive(uint64_t tag);

  World& world_;
  std::string name_;
  std::string subjects_[2];
  LatencyRange latency_;
  bool cut_ = false;
  bool held_ = false;
  uint64_t epoch_ = 0;                // bumped by cut() and hold(): older arrival events are void
  uint64_t lostBefore_ = 0;           // arrival events of epochs before this were lost by a cut
  Micros lastArrival_[2] = {-1, -1};  // per direction, for FIFO
  // Messages in flight per direction, oldest first. FIFO arrival means each arrival event is for
  // the front message, so the agenda holds only a 16-byte (this, epoch, lane) callback that
  // the agenda stores in place.
  FifoQueue<Message> inFlight_[2];
  uint64_t sent_ = 0;
  uint64_t dropped_ = 0;
  uint64_t pendingArrivals_ = 0;  // arrival events on the agenda, stale ones included
  StateKeeper* keeper_ = nullptr;
};

}  // namespace lockscope::sim
