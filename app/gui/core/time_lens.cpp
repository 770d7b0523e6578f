#include "time_lens.h"

#include <algorithm>
#include <cmath>

namespace lockscope::gui {
namespace {

// A quiet stretch is one this long or longer with no event and nothing in the air (shorter pauses
// play at the chosen speed: they are the rhythm of the protocol). Heartbeats are not in the trace.
constexpr sim::Micros kLeastQuiet = 100'000;
// The stretch around each event that is not quiet: the lead lets the class see it coming.
constexpr sim::Micros kAround = 20'000;
// Around a key moment, slowed: a little before, and long enough after for a burst of
// notifications (network latency is milliseconds) to land.
constexpr sim::Micros kSlowBefore = 1'000, kSlowAfter = 6'000;

// What a lesson is about: the moments the class must not miss.
bool keyMoment(const StoredEvent& event) {
  switch (event.kind) {
    case sim::TraceKind::WatchFired:
    case sim::TraceKind::WatchDelivered:
    case sim::TraceKind::Process:
    case sim::TraceKind::Fault: return true;
    case sim::TraceKind::Lock:
      return event.op == sim::LockOp::Released || event.op == sim::LockOp::Acquired;
    case sim::TraceKind::SessionState: return event.op == sim::SessionOp::Expired;
    case sim::TraceKind::KeyDeleted: return event.op == sim::KeyDeletedOp::Expired;
    case sim::TraceKind::Resource: return event.op != sim::ResourceOp::Read;
    default: return false;
  }
}

using Interval = std::pair<sim::Micros, sim::Micros>;

std::vector<Interval> merged(std::vector<Interval> intervals) {
  std::sort(intervals.begin(), intervals.end());
  std::vector<Interval> out;
  for (const Interval& next : intervals) {
    if (!out.empty() && next.first <= out.back().second) {
      out.back().second = std::max(out.back().second, next.second);
    } else {
      out.push_back(next);
    }
  }
  return out;
}

}  // namespace

TimeLens::TimeLens(const RecordedTrace& trace, const FlightTable& flights, sim::Micros origin,
                   sim::Micros endTime) {
  if (endTime <= origin) return;
  std::vector<Interval> busy, slow;
  for (const StoredEvent& event : trace.events()) {
    busy.emplace_back(event.time - kAround, event.time + kAround);
    if (keyMoment(event)) slow.emplace_back(event.time - kSlowBefore, event.time + kSlowAfter);
  }
  for (const Flight& flight : flights.all()) busy.emplace_back(flight.start, flight.end);
  busy = merged(std::move(busy));
  slow = merged(std::move(slow));

  // The quiet stretches between busy ones, then the slowed ones inside the rest.
  std::vector<Interval> quiet;
  sim::Micros from = origin;
  for (const Interval& stretch : busy) {
    if (stretch.first - from >= kLeastQuiet) quiet.emplace_back(from, stretch.first);
    from = std::max(from, stretch.second);
  }
  if (endTime - from >= kLeastQuiet) quiet.emplace_back(from, endTime);

  std::vector<std::pair<sim::Micros, LensMode>> marks;  // where a mode begins
  for (const Interval& stretch : slow) {
    marks.emplace_back(std::max(origin, stretch.first), LensMode::Slowed);
    marks.emplace_back(std::min(endTime, stretch.second), LensMode::Normal);
  }
  // Slowed stretches never reach into quiet ones (an event is busy kAround either side).
  for (const Interval& stretch : quiet) {
    marks.emplace_back(stretch.first, LensMode::Skipping);
    marks.emplace_back(stretch.second, LensMode::Normal);
  }
  std::stable_sort(marks.begin(), marks.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  sim::Micros start = origin;
  LensMode mode = LensMode::Normal;
  for (const auto& [at, next] : marks) {
    if (at < origin || at > endTime) continue;
    if (at > start) segments_.push_back({start, at, mode});
    start = std::max(start, at);
    mode = next;
  }
  if (start < endTime) segments_.push_back({start, endTime, mode});
}

LensSegment TimeLens::segmentAt(sim::Micros time) const {
  const auto found = std::upper_bound(
      segments_.begin(), segments_.end(), time,
      [](sim::Micros at, const LensSegment& segment) { return at < segment.end; });
  if (found == segments_.end() || time < found->start) return {time, time, LensMode::Normal};
  return *found;
}

double TimeLens::rateAt(sim::Micros time, double speed) const {
  const LensSegment segment = segmentAt(time);
  switch (segment.mode) {
    case LensMode::Slowed: return speed / kSlowdown;
    case LensMode::Skipping:
      return std::max(speed,
                      static_cast<double>(segment.end - segment.start) / (kQuietSeconds * 1e6));
    case LensMode::Normal: break;
  }
  return speed;
}

sim::Micros TimeLens::advance(sim::Micros time, double realMicros, double speed) const {
  // Segment by segment: the real time left buys virtual time at each one's rate.
  while (realMicros > 0) {
    const LensSegment segment = segmentAt(time);
    const double rate = rateAt(time, speed);
    if (segment.end <= time) {  // outside the lens's segments: the chosen speed throughout
      return time + std::max<sim::Micros>(1, std::llround(realMicros * rate));
    }
    const double needed = static_cast<double>(segment.end - time) / rate;
    if (needed > realMicros) {
      return time + std::max<sim::Micros>(1, std::llround(realMicros * rate));
    }
    realMicros -= needed;
    time = segment.end;
  }
  return time;
}

}  // namespace lockscope::gui
