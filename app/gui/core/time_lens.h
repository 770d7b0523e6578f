// The time lens: how fast the player moves through virtual time, moment by moment. A run's
// interesting stretches are milliseconds long and its quiet ones seconds long: at one speed a
// herd's burst of notifications is gone in a quarter of a second while a crashed holder's session
// timeout is a minute and a half of nothing. So the lens
//   - skips quiet stretches (no event, no message in the air for a while) in about kQuietSeconds
//     of real time, whatever their length;
//   - slows to a quarter of the speed around the moments a lesson is about: a release, a watch
//     notification, a crash or pause, a session or lease expiring, a write to the resource;
//   - plays everything else at the chosen speed.
// Pure data over a recorded run: the same run is paced the same way on every machine.
#pragma once

#include <cstdint>
#include <vector>

#include "flights.h"
#include "recorded_trace.h"

namespace lockscope::gui {

enum class LensMode : uint8_t { Normal, Slowed, Skipping };

struct LensSegment {
  sim::Micros start = 0, end = 0;
  LensMode mode = LensMode::Normal;
};

class TimeLens {
 public:
  // Real seconds a quiet stretch takes, however long it is.
  static constexpr double kQuietSeconds = 1.5;
  // Around a moment a lesson is about, the speed is divided by this.
  static constexpr double kSlowdown = 4.0;

  TimeLens() = default;
  TimeLens(const RecordedTrace& trace, const FlightTable& flights, sim::Micros origin,
           sim::Micros endTime);

  // The segment `time` is in (Normal outside the run).
  LensSegment segmentAt(sim::Micros time) const;
  // Virtual microseconds per real microsecond at `time`, for the chosen `speed` (the same unit).
  double rateAt(sim::Micros time, double speed) const;
  // Where the cursor gets from `time` in `realMicros` of real time at `speed`, crossing segments
  // at each one's own rate.
  sim::Micros advance(sim::Micros time, double realMicros, double speed) const;
  const std::vector<LensSegment>& segments() const { return segments_; }

 private:
  std::vector<LensSegment> segments_;  // in time order, covering [origin, endTime] without gaps
};

}  // namespace lockscope::gui
