#include "server_control.h"

#include <algorithm>
#include <cctype>

#include "server_control_program.h"
#include "sim/trace/fault_kinds.h"

namespace lockscope::live {
namespace {

bool isNumber(const std::string& text) {
  return !text.empty() && text.size() < 6 &&
         std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); });
}

}  // namespace

Status ServerControl::kill(const std::string& which) {
  std::lock_guard lock(mutex_);
  if (program_.empty()) {
    return serverControlMissing("live", sim::faultKindName(sim::FaultKind::KillServer));
  }
  const Result<std::string> output = runServerControl(
      program_, {"kill", "zookeeper", which, servers_}, kServerControlTimeoutMs);
  if (!output) return Status::failure("kill_server " + which + ": " + output.message());
  // The program names the server it killed (for "leader"); a number we asked for stands.
  const std::string killed = which == "leader" ? output->substr(0, output->find('\n')) : which;
  if (!isNumber(killed)) {
    return Status::failure("kill_server " + which +
                           ": the control program did not print the number of the server it "
                           "killed");
  }
  lastKilled_ = killed;
  killed_.insert(killed);
  killedCount_ = killed_.size();
  return Status::success();
}

Status ServerControl::restart(const std::string& which) {
  std::lock_guard lock(mutex_);
  if (program_.empty()) {
    return serverControlMissing("live", sim::faultKindName(sim::FaultKind::RestartServer));
  }
  const std::string number = which == "killed" ? lastKilled_ : which;
  if (number.empty()) return Status::failure("restart_server killed: no server was killed");
  const Result<std::string> output = runServerControl(
      program_, {"restart", "zookeeper", number, servers_}, kServerControlTimeoutMs);
  if (!output) return Status::failure("restart_server " + number + ": " + output.message());
  killed_.erase(number);
  killedCount_ = killed_.size();
  return Status::success();
}

std::vector<std::string> ServerControl::killed() {
  std::lock_guard lock(mutex_);
  return {killed_.begin(), killed_.end()};
}

}  // namespace lockscope::live
