#include "redis_instance_control.h"

#include <chrono>
#include <thread>

#include "backends/live/server_control_program.h"
#include "redis_blocking.h"

namespace lockscope::live::redis {
namespace {

constexpr int64_t kPollTimeoutMs = 100;
constexpr auto kPollPause = std::chrono::milliseconds(2);

}  // namespace

Status RedisInstanceControl::control(const char* action, size_t index) {
  const std::string fault = std::string(action) + "_instance " + instanceName(index);
  if (index >= addresses_.size()) return Status::failure(fault + ": no live server for it");
  if (program_.empty()) return serverControlMissing("live", std::string(action) + "_instance");
  const Result<std::string> output = runServerControl(
      program_, {action, "redis", std::to_string(index + 1), addresses_[index].text()},
      kServerControlTimeoutMs);
  return output ? Status::success() : Status::failure(fault + ": " + output.message());
}

Status RedisInstanceControl::kill(size_t index) {
  if (Status done = control("kill", index); !done) return done;
  killed_.insert(index);
  // The program said it is done; the port says whether it told the truth.
  if (!waitUntilAnswering(addresses_[index], false)) {
    return Status::failure("kill_instance " + instanceName(index) + ": " +
                           addresses_[index].text() +
                           " still answers after the control program killed it");
  }
  return Status::success();
}

Status RedisInstanceControl::restart(size_t index) {
  if (Status done = control("restart", index); !done) return done;
  killed_.erase(index);
  if (!waitUntilAnswering(addresses_[index], true)) {
    return Status::failure("restart_instance " + instanceName(index) + ": " +
                           addresses_[index].text() + " does not answer after the restart");
  }
  return Status::success();
}

bool RedisInstanceControl::waitUntilAnswering(const RedisAddress& address, bool answering) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs_);
  while (std::chrono::steady_clock::now() < end) {
    if (commandAndWait(address, {"PING"}, kPollTimeoutMs).ok() == answering) return true;
    std::this_thread::sleep_for(kPollPause);
  }
  return false;
}

}  // namespace lockscope::live::redis
