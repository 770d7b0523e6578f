#include "redis_watchdog.h"

#include "redis_blocking.h"

namespace lockscope::live::redis {
namespace {

constexpr auto kPeriod = std::chrono::milliseconds(250);
constexpr int64_t kPingTimeoutMs = 1000;

}  // namespace

RedisWatchdog::RedisWatchdog(std::vector<RedisAddress> addresses)
    : addresses_(std::move(addresses)),
      lastAnswer_(std::make_unique<std::atomic<Clock::rep>[]>(addresses_.size())) {
  for (size_t i = 0; i < addresses_.size(); ++i)
    lastAnswer_[i] = Clock::now().time_since_epoch().count();
  thread_ = std::thread([this] { watch(); });
}

RedisWatchdog::~RedisWatchdog() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

std::chrono::milliseconds RedisWatchdog::silentFor(size_t index) const {
  const Clock::time_point last{Clock::duration(lastAnswer_[index].load())};
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - last);
}

void RedisWatchdog::forgive(size_t index) {
  lastAnswer_[index] = Clock::now().time_since_epoch().count();
}

void RedisWatchdog::watch() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    lock.unlock();
    for (size_t i = 0; i < addresses_.size(); ++i) {
      const auto reply = commandAndWait(addresses_[i], {"PING"}, kPingTimeoutMs);
      if (reply && reply->type != lockscope::redis::ReplyType::Error) {
        lastAnswer_[i] = Clock::now().time_since_epoch().count();
      }
    }
    lock.lock();
    wake_.wait_for(lock, kPeriod, [this] { return stopping_; });
  }
}

}  // namespace lockscope::live::redis
