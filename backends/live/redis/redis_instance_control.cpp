#include "redis_instance_control.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "redis_blocking.h"

namespace lockscope::live::redis {
namespace {

constexpr int64_t kPollTimeoutMs = 100;
constexpr auto kPollPause = std::chrono::milliseconds(2);

}  // namespace

std::string RedisInstanceControl::kill(size_t index) {
  if (index >= addresses_.size()) return "kill_instance: no server for " + instanceName(index);
  const RedisAddress& address = addresses_[index];
  std::string error;
  const auto info = commandAndWait(address, {"INFO", "server"}, timeoutMs_, error);
  if (!info) return "kill_instance " + instanceName(index) + ": " + error;
  const pid_t pid = static_cast<pid_t>(std::atoll(infoField(info->text, "process_id").c_str()));
  if (pid <= 0) return "kill_instance " + instanceName(index) + ": INFO names no process_id";
  killed_[index] = {infoField(info->text, "executable"), infoField(info->text, "config_file")};
  if (::kill(pid, SIGKILL) != 0) {
    return "kill_instance " + instanceName(index) + ": cannot signal process " +
           std::to_string(pid) + " (another user's server?)";
  }
  // The kernel closes the listening socket as the process dies; a zombie nobody reaps still
  // exists as a pid, so the port is what tells us it is gone.
  if (!waitUntilAnswering(address, false)) {
    return "kill_instance " + instanceName(index) + ": " + address.text() + " still answers";
  }
  return {};
}

std::string RedisInstanceControl::restart(size_t index) {
  const auto found = killed_.find(index);
  if (found == killed_.end()) {
    return "restart_instance " + instanceName(index) +
           ": not killed by this run, so how to start it is unknown";
  }
  const CommandLine command = found->second;
  if (command.executable.empty() || command.configFile.empty()) {
    return "restart_instance " + instanceName(index) +
           ": the server was not started from a config file (INFO config_file is empty); "
           "start it with tests/support/redis-servers.sh";
  }
  const pid_t child = fork();
  if (child == 0) {
    execl(command.executable.c_str(), command.executable.c_str(), command.configFile.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  if (child < 0) return "restart_instance " + instanceName(index) + ": fork failed";
  int status = 0;
  waitpid(child, &status, 0);  // the config daemonizes: the parent returns at once
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    return "restart_instance " + instanceName(index) + ": " + command.executable + " " +
           command.configFile + " failed (exit status " + std::to_string(WEXITSTATUS(status)) + ")";
  }
  killed_.erase(found);
  if (!waitUntilAnswering(addresses_[index], true)) {
    return "restart_instance " + instanceName(index) + ": " + addresses_[index].text() +
           " does not answer after the restart";
  }
  return {};
}

std::vector<size_t> RedisInstanceControl::killed() const {
  std::vector<size_t> indices;
  for (const auto& [index, command] : killed_) indices.push_back(index);
  return indices;
}

bool RedisInstanceControl::waitUntilAnswering(const RedisAddress& address, bool answering) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs_);
  std::string error;
  while (std::chrono::steady_clock::now() < end) {
    if (commandAndWait(address, {"PING"}, kPollTimeoutMs, error).has_value() == answering) return true;
    std::this_thread::sleep_for(kPollPause);
  }
  return false;
}

}  // namespace lockscope::live::redis
