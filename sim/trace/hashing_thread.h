// SHA-256 of a byte stream on a thread of its own. The run's thread formats trace lines into
// batches and hands each full batch over; hashing (a seventh of a large run's time, even with the
// SHA extensions) then overlaps the run instead of adding to it. The digest is that of the bytes
// in the order they were handed over, exactly as a single-threaded Sha256 would compute it.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "sha256.h"

namespace lockscope::sim {

struct HashBatch {
  std::unique_ptr<char[]> data;
  size_t capacity = 0;
  size_t used = 0;

  static HashBatch withCapacity(size_t capacity);
};

class HashingThread {
 public:
  explicit HashingThread(size_t batchBytes);
  ~HashingThread();
  HashingThread(const HashingThread&) = delete;
  HashingThread& operator=(const HashingThread&) = delete;

  // Queues `full` for hashing and returns an empty batch of at least `minimum` bytes to fill
  // next. Waits while a few batches are already queued, so memory stays bounded.
  HashBatch handOver(HashBatch full, size_t minimum = 0);
  // Hashes `last`, waits for the thread to finish, returns the digest. Call once.
  std::string finishHex(HashBatch last);

 private:
  void run();

  const size_t batchBytes_;
  Sha256 sha_;  // the thread's alone until it has been joined
  std::mutex mutex_;
  std::condition_variable queued_, freed_;
  std::deque<HashBatch> queue_;
  std::vector<HashBatch> spare_;
  bool finishing_ = false;
  std::thread thread_;  // last: it starts running in the constructor, after everything above
};

}  // namespace lockscope::sim
