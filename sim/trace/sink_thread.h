// Trace sinks run on a thread of their own. A run appends millions of events, and the sinks that
// only matter at its end - the trace hash (JSON formatting and SHA-256) and the checkers - would
// otherwise cost the run's thread a quarter of its time. This sink packs each event into a batch
// (trace_packing.h) and hands full batches to its thread, which unpacks them and feeds its sinks
// every event, in order, exactly as if they had been attached to the trace directly.
#pragma once

#include <array>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "trace.h"

namespace lockscope::sim {

class SinkThread final : public TraceSink {
 public:
  // The sinks are not owned; the run's thread must not touch them until finish() returned.
  explicit SinkThread(std::vector<TraceSink*> sinks);
  ~SinkThread() override;  // finishes
  SinkThread(const SinkThread&) = delete;
  SinkThread& operator=(const SinkThread&) = delete;

  void onEvent(const TraceEvent& event) override;
  // Waits until the sinks have seen every event so far; after it, they belong to the caller's
  // thread again. Later events are not delivered. When a sink threw (on the sinks' thread, where
  // nothing could catch it and the process would end in std::terminate), the sinks saw no event
  // after that, and finish() rethrows the exception here, on the caller's thread.
  void finish();

 private:
  struct Batch {
    std::unique_ptr<char[]> data;
    size_t capacity = 0;
    size_t used = 0;
  };
  Batch takeBatch(std::unique_lock<std::mutex>& lock, size_t minimum);
  // Staged bytes to the batch: whole 64-byte lines only (the rest stays staged), or all of them.
  void flushStaged(bool all);
  // Queues the batch being filled (after flushing what is staged) and starts one with room for
  // `minimum` bytes.
  void handOver(size_t minimum);
  void run();
  void deliver(const Batch& batch);

  std::vector<TraceSink*> sinks_;
  // Events are packed here first, in this thread's cache, and reach the batch in whole lines by
  // non-temporal stores (streaming_copy.h).
  static constexpr size_t kStagingBytes = 4096;
  alignas(64) std::array<char, kStagingBytes> staging_;
  size_t staged_ = 0;
  Batch filling_;
  bool finished_ = false;
  std::mutex mutex_;
  std::condition_variable queued_, freed_;
  std::deque<Batch> queue_;
  std::vector<Batch> spare_;
  bool finishing_ = false;
  // The first exception a sink threw; written by the sinks' thread, read after joining it.
  std::exception_ptr failure_;
  std::thread thread_;  // last: it starts in the constructor, once everything above exists
};

}  // namespace lockscope::sim
