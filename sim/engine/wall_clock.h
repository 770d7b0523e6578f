// A server's or a client machine's wall clock, which is not virtual time: it starts at an offset,
// runs fast or slow by a drift, and jumps when an operator or NTP steps it. Redis keeps expiry
// times as absolute milliseconds of this clock, so a jump forward expires keys early; a database
// lock row's lock_until is written from its client's clock (ShedLock), so a skewed client takes
// a lease that is not expired.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "virtual_time.h"

namespace lockscope::sim {

struct ClockSpec {
  int64_t offsetMs = 0;  // the reading at virtual time 0
  int64_t driftPpm = 0;  // + runs fast, - runs slow (parts per million of virtual time)
};

class WallClock {
 public:
  explicit WallClock(ClockSpec spec = {}) : spec_(spec) {}

  // The clock's reading in milliseconds at virtual time `now`.
  int64_t nowMs(sim::Micros now) const {
    const sim::Micros drifted = now + now / 1'000'000 * spec_.driftPpm +
                                now % 1'000'000 * spec_.driftPpm / 1'000'000;
    return sim::toMillis(drifted) + spec_.offsetMs + jumpedMs_;
  }
  // Steps the clock by `byMs` (negative: backwards).
  void jump(int64_t byMs) { jumpedMs_ += byMs; }

  const ClockSpec& spec() const { return spec_; }
  int64_t jumpedMs() const { return jumpedMs_; }

 private:
  ClockSpec spec_;
  int64_t jumpedMs_ = 0;
};

// The clients' machines' clocks of a scenario (redis.client_clocks, database.client_clocks), by
// client name: `clientName`'s reading at virtual time `now`; a client not named reads virtual time.
// The model and a live run read them alike: in a live run a client's clock is ours to skew, the
// servers' are not.
using ClientClockSpecs = std::map<std::string, ClockSpec>;
inline int64_t clientClockMs(const ClientClockSpecs& specs, const std::string& clientName,
                             sim::Micros now) {
  const auto found = specs.find(clientName);
  return WallClock(found == specs.end() ? ClockSpec{} : found->second).nowMs(now);
}

}  // namespace lockscope::sim
