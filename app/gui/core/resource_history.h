// The protected resource as the stage's card shows it: every read and write of the counter the
// lock protects (clients/protected_resource.h), in time order, each with what it did to the
// counter - a write that did not raise it overwrote another holder's update (a lost update), a
// write the fence turned away left it alone.
//
// The trace records an access at one instant; the stage shows it travelling: a write flies from
// its client into the card for kResourceFlight and changes the card when it lands, a rejected one
// bounces back off it, a read carries the value back to its client. So the card at `now` is the
// accesses that reached it by then, and nothing of a later one shows before it is made.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "recorded_trace.h"
#include "run_cast.h"

namespace lockscope::gui {

constexpr sim::Micros kResourceFlight = 8000;

struct ResourceAccess {
  sim::Micros time = 0;
  int client = kNoClient;
  sim::ResourceOp op = sim::ResourceOp::Read;
  std::string counter;  // "" is the shared one; zk-multilock's clients work on one per lock path
  int64_t value = 0;    // read, written, or what the rejected write would have written
  int64_t token = 0;    // the fencing token it presented (0: none)
  int64_t before = 0;   // the counter's value before it (writes)
  int64_t highestToken = 0;  // the highest token the counter had accepted before it
  bool lostUpdate = false;   // an accepted write that did not raise the counter
  TextId detail = 0;         // a rejection's reason as the trace gives it
  // When the card shows it: a write as it lands, a rejected one as it bounces off (half way), a
  // read as its value leaves for the client.
  sim::Micros reachesCard() const {
    return op == sim::ResourceOp::Write      ? time + kResourceFlight
           : op == sim::ResourceOp::Rejected ? time + kResourceFlight / 2
                                             : time;
  }
  sim::Micros flightEnd() const { return time + kResourceFlight; }
};

struct ResourceCard {
  // One value per counter, in the order they were first touched.
  std::vector<std::pair<std::string, int64_t>> values;
  int64_t highestToken = 0;
  int writes = 0, rejected = 0, lostUpdates = 0;
  // The last few accesses that reached it, oldest first: the card's history lines.
  std::vector<const ResourceAccess*> recent;
};

class ResourceHistory {
 public:
  ResourceHistory() = default;
  ResourceHistory(const RecordedTrace& trace, const RunCast& cast);

  bool empty() const { return accesses_.empty(); }
  const std::vector<ResourceAccess>& all() const { return accesses_; }  // by time
  // The card after the accesses that reached it by `now`, with at most `lines` of them recent.
  ResourceCard cardAt(sim::Micros now, size_t lines) const;
  // The accesses travelling at `now` (time <= now < flightEnd), in time order.
  std::vector<const ResourceAccess*> inFlightAt(sim::Micros now) const;

 private:
  std::vector<ResourceAccess> accesses_;
};

}  // namespace lockscope::gui
