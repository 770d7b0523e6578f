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

std::string RedisInstanceControl::control(const char* action, size_t index) {
  const std::string fault = std::string(action) + "_instance " + instanceName(index);
  if (index >= addresses_.size()) return fault + ": no live server for it";
  if (program_.empty()) return serverControlMissing("live", std::string(action) + "_instance");
  std::string output;
  const std::string error = runServerControl(
      program_, {action, "redis", std::to_string(index + 1), addresses_[index].text()},
      kServerControlTimeoutMs, output);
  return error.empty() ? std::string() : fault + ": " + error;
}

std::string RedisInstanceControl::kill(size_t index) {
  if (std::string error = control("kill", index); !error.empty()) return error;
  killed_.insert(index);
  // The program said it is done; the port says whether it told the truth.
  if (!waitUntilAnswering(addresses_[index], false)) {
    return "kill_instance " + instanceName(index) + ": " + addresses_[index].text() +
           " still answers after the control program killed it";
  }
  return {};
}

std::string RedisInstanceControl::restart(size_t index) {
  if (std::string error = control("restart", index); !error.empty()) return error;
  killed_.erase(index);
  if (!waitUntilAnswering(addresses_[index], true)) {
    return "restart_instance " + instanceName(index) + ": " + addresses_[index].text() +
           " does not answer after the restart";
  }
  return {};
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
