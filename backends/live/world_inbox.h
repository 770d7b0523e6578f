// Hands work from libzookeeper_mt's threads to the world's thread.
//
// Completions and watch callbacks of the C client run on its completion thread; the world, the
// recipes and the trace belong to one thread. The library posts closures here, in the order it
// produced them, and the real-time driver runs them on the world's thread.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>

namespace lockscope::live {

class WorldInbox {
 public:
  using Clock = std::chrono::steady_clock;

  // Any thread.
  void post(std::function<void()> work);

  // World thread: takes everything posted so far, in order.
  std::deque<std::function<void()>> takeAll();
  // World thread: whether anything was posted and not taken yet.
  bool hasWork();
  // World thread: waits until something is posted or `until` passes.
  void waitUntil(Clock::time_point until);

 private:
  std::mutex mutex_;
  std::condition_variable posted_;
  std::deque<std::function<void()>> work_;
};

}  // namespace lockscope::live
