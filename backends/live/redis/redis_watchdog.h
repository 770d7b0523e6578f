// Notices a live Redis server that stopped answering in the middle of a run (killed, SIGSTOPped,
// or asking for a password) so that the run ends with "lost" instead of retrying for minutes:
// a thread of its own PINGs every server four times a second, each PING bounded to a second.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "redis_address.h"

namespace lockscope::live::redis {

class RedisWatchdog {
 public:
  explicit RedisWatchdog(std::vector<RedisAddress> addresses);
  ~RedisWatchdog();
  RedisWatchdog(const RedisWatchdog&) = delete;
  RedisWatchdog& operator=(const RedisWatchdog&) = delete;

  // How long server `index` has not answered PING (0 while it answers).
  std::chrono::milliseconds silentFor(size_t index) const;
  // Starts its silence anew: after the run restarted it.
  void forgive(size_t index);

 private:
  void watch();

  using Clock = std::chrono::steady_clock;
  std::vector<RedisAddress> addresses_;
  std::unique_ptr<std::atomic<Clock::rep>[]> lastAnswer_;  // Clock ticks
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace lockscope::live::redis
