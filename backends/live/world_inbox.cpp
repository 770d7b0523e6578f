#include "world_inbox.h"

#include <utility>

namespace lockscope::live {

void WorldInbox::post(std::function<void()> work) {
  {
    std::lock_guard lock(mutex_);
    work_.push_back(std::move(work));
  }
  posted_.notify_one();
}

std::deque<std::function<void()>> WorldInbox::takeAll() {
  std::lock_guard lock(mutex_);
  return std::exchange(work_, {});
}

bool WorldInbox::hasWork() {
  std::lock_guard lock(mutex_);
  return !work_.empty();
}

void WorldInbox::waitUntil(Clock::time_point until) {
  std::unique_lock lock(mutex_);
  posted_.wait_until(lock, until, [this] { return !work_.empty(); });
}

}  // namespace lockscope::live
