#include "hashing_thread.h"

#include <algorithm>
#include <string_view>
#include <utility>

namespace lockscope::sim {

namespace {

// Enough to keep the hashing thread busy while the run fills the next batch; more only costs memory.
constexpr size_t kMaxQueued = 4;

}  // namespace

HashBatch HashBatch::withCapacity(size_t capacity) {
  return HashBatch{.data = std::make_unique<char[]>(capacity), .capacity = capacity, .used = 0};
}

HashingThread::HashingThread(size_t batchBytes) : batchBytes_(batchBytes), thread_([this] { run(); }) {}

HashingThread::~HashingThread() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    finishing_ = true;
  }
  queued_.notify_one();
  thread_.join();
}

HashBatch HashingThread::handOver(HashBatch full, size_t minimum) {
  std::unique_lock lock(mutex_);
  freed_.wait(lock, [&] { return queue_.size() < kMaxQueued; });
  queue_.push_back(std::move(full));
  queued_.notify_one();
  const size_t capacity = std::max(batchBytes_, minimum);
  if (!spare_.empty() && spare_.back().capacity >= capacity) {
    HashBatch batch = std::move(spare_.back());
    spare_.pop_back();
    batch.used = 0;
    return batch;
  }
  lock.unlock();
  return HashBatch::withCapacity(capacity);
}

std::string HashingThread::finishHex(HashBatch last) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(std::move(last));
    finishing_ = true;
  }
  queued_.notify_one();
  thread_.join();
  return sha_.finishHex();
}

void HashingThread::run() {
  for (;;) {
    HashBatch batch;
    {
      std::unique_lock lock(mutex_);
      queued_.wait(lock, [&] { return !queue_.empty() || finishing_; });
      if (queue_.empty()) return;  // finishing, and everything handed over is hashed
      batch = std::move(queue_.front());
      queue_.pop_front();
    }
    freed_.notify_one();
    sha_.update(std::string_view(batch.data.get(), batch.used));
    std::lock_guard lock(mutex_);
    if (batch.capacity == batchBytes_ && spare_.size() < kMaxQueued) spare_.push_back(std::move(batch));
  }
}

}  // namespace lockscope::sim
