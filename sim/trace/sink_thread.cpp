#include "sink_thread.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "streaming_copy.h"
#include "trace_packing.h"

namespace lockscope::sim {

namespace {

// Large: every hand-over may wake the other thread, and on a virtual machine a wake-up is an
// inter-processor interrupt. With 64 KiB batches the herd ran slower than with no thread at all.
constexpr size_t kBatchBytes = 1024 * 1024;
// Enough to keep the sinks' thread busy while the run fills the next batch; more only costs memory.
constexpr size_t kMaxQueued = 4;

}  // namespace

SinkThread::SinkThread(std::vector<TraceSink*> sinks)
    : sinks_(std::move(sinks)),
      filling_{std::make_unique<char[]>(kBatchBytes), kBatchBytes, 0},
      thread_([this] { run(); }) {}

SinkThread::~SinkThread() {
  // Only reached without finish() when the run is already unwinding: its exception wins.
  try {
    finish();
  } catch (...) {
  }
}

void SinkThread::onEvent(const TraceEvent& event) {
  if (finished_) return;
  const size_t bound = packedSizeBound(event);
  if (filling_.used + staged_ + bound > filling_.capacity) handOver(bound);
  // A partial flush leaves up to 63 bytes staged, so an event that might not fit beside them
  // (rare: a huge note, a long wait queue) is packed straight into the batch.
  if (bound > kStagingBytes - 64) {
    flushStaged(true);
    filling_.used = static_cast<size_t>(packEvent(event, filling_.data.get() + filling_.used) -
                                        filling_.data.get());
    return;
  }
  if (staged_ + bound > kStagingBytes) flushStaged(false);
  staged_ = static_cast<size_t>(packEvent(event, staging_.data() + staged_) - staging_.data());
}

void SinkThread::flushStaged(bool all) {
  const size_t size = all ? staged_ : staged_ / 64 * 64;
  streamingCopy(filling_.data.get() + filling_.used, staging_.data(), size);
  filling_.used += size;
  std::memmove(staging_.data(), staging_.data() + size, staged_ - size);
  staged_ -= size;
}

void SinkThread::handOver(size_t minimum) {
  flushStaged(true);
  streamingFence();
  std::unique_lock lock(mutex_);
  freed_.wait(lock, [&] { return queue_.size() < kMaxQueued; });
  queue_.push_back(std::move(filling_));
  queued_.notify_one();
  filling_ = takeBatch(lock, minimum);
}

SinkThread::Batch SinkThread::takeBatch(std::unique_lock<std::mutex>& lock, size_t minimum) {
  const size_t capacity = std::max(kBatchBytes, minimum);
  if (!spare_.empty() && spare_.back().capacity >= capacity) {
    Batch batch = std::move(spare_.back());
    spare_.pop_back();
    batch.used = 0;
    return batch;
  }
  lock.unlock();
  return Batch{std::make_unique<char[]>(capacity), capacity, 0};
}

void SinkThread::finish() {
  if (finished_) return;
  finished_ = true;
  flushStaged(true);
  streamingFence();
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(std::move(filling_));
    finishing_ = true;
  }
  queued_.notify_one();
  thread_.join();
  if (failure_) std::rethrow_exception(std::exchange(failure_, nullptr));
}

void SinkThread::run() {
  for (;;) {
    Batch batch;
    {
      std::unique_lock lock(mutex_);
      queued_.wait(lock, [&] { return !queue_.empty() || finishing_; });
      if (queue_.empty()) return;  // finishing, and every batch handed over is delivered
      batch = std::move(queue_.front());
      queue_.pop_front();
    }
    freed_.notify_one();
    // After a failure the batches are still taken (the run's thread must not block on a full
    // queue), but no longer delivered.
    if (!failure_) {
      try {
        deliver(batch);
      } catch (...) {
        failure_ = std::current_exception();
      }
    }
    std::lock_guard lock(mutex_);
    if (batch.capacity == kBatchBytes && spare_.size() < kMaxQueued)
      spare_.push_back(std::move(batch));
  }
}

void SinkThread::deliver(const Batch& batch) {
  const char* at = batch.data.get();
  const char* const end = at + batch.used;
  TraceEvent event;
  while (at < end) {
    at = unpackEvent(at, event);
    for (TraceSink* sink : sinks_) sink->onEvent(event);
  }
}

}  // namespace lockscope::sim
