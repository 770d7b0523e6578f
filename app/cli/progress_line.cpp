#include "progress_line.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>

namespace lockscope::cli {
namespace {

constexpr uint64_t kEventsBetweenClockReads = 1 << 16;  // reading the clock per event would cost
constexpr auto kRedrawInterval = std::chrono::milliseconds(200);

int64_t quietFromEnvironment(int64_t fallbackMs) {
  const char* text = std::getenv("LOCKSCOPE_PROGRESS_AFTER_MS");
  if (!text || !*text) return fallbackMs;
  char* end = nullptr;
  const long long value = std::strtoll(text, &end, 10);
  return *end == '\0' && value >= 0 ? value : fallbackMs;
}

}  // namespace

ProgressLine::ProgressLine(uint64_t plannedAcquisitions, int64_t quietMs)
    : planned_(plannedAcquisitions),
      nextDraw_(Clock::now() + std::chrono::milliseconds(quietFromEnvironment(quietMs))) {}

ProgressLine::~ProgressLine() {
  if (drawn_) std::fputs("\r\033[K", stderr);
}

bool ProgressLine::wanted() { return ::isatty(STDERR_FILENO) == 1; }

void ProgressLine::onEvent(const sim::TraceEvent& event) {
  if (event.op == sim::LockOp::Acquired) ++acquisitions_;
  if (++events_ % kEventsBetweenClockReads != 0) return;
  const Clock::time_point now = Clock::now();
  if (now < nextDraw_) return;
  nextDraw_ = now + kRedrawInterval;
  draw(event.time);
}

void ProgressLine::draw(sim::Micros virtualTime) {
  // \r and "erase to end of line": the line is rewritten in place.
  std::fprintf(stderr, "\r\033[Klockscope-cli: %llu",
               static_cast<unsigned long long>(acquisitions_));
  if (planned_ > 0) std::fprintf(stderr, "/%llu", static_cast<unsigned long long>(planned_));
  std::fprintf(stderr, " acquisitions, %.1fM events, virtual %.3f s",
               static_cast<double>(events_) / 1e6, static_cast<double>(virtualTime) / 1e6);
  std::fflush(stderr);
  drawn_ = true;
}

}  // namespace lockscope::cli
