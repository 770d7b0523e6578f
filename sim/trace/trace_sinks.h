// Ready-made trace sinks: the run's hash, a JSON Lines file, and an in-memory recording.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "sha256.h"
#include "trace.h"

namespace lockscope::sim {

// SHA-256 of the JSON Lines text of every event, exactly the bytes a trace file would hold.
// Lines are gathered into a batch of a few kilobytes and hashed together: one update() per line
// cost a buffer copy and a partial block per event.
class TraceHasher final : public TraceSink {
 public:
  TraceHasher();
  void onEvent(const TraceEvent& event) override;
  // Ends hashing; call once, after the run.
  std::string finishHex();

 private:
  Sha256 sha_;
  std::vector<char> batch_;
  size_t batched_ = 0;
};

// Writes JSON Lines to a stdio stream it does not own.
class TraceFileWriter final : public TraceSink {
 public:
  explicit TraceFileWriter(std::FILE* stream) : stream_(stream) {}
  void onEvent(const TraceEvent& event) override;
  bool failed() const { return failed_; }

 private:
  std::FILE* stream_;
  std::string line_;
  bool failed_ = false;
};

// An owned copy of an event, for tests, checkers and the GUI.
struct RecordedEvent {
  Micros time = 0;
  TraceKind kind = TraceKind::Note;
  std::string actor;
  TraceOp op;
  std::string label, path, rc, value, detail;
  int64_t session = 0, zxid = 0, request = 0;

  TraceEvent view() const;
};

class TraceRecorder final : public TraceSink {
 public:
  void onEvent(const TraceEvent& event) override;
  const std::vector<RecordedEvent>& events() const { return events_; }
  void clear() { events_.clear(); }

 private:
  std::vector<RecordedEvent> events_;
};

}  // namespace lockscope::sim
