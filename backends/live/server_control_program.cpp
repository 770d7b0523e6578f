#include "server_control_program.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>

namespace lockscope::live {
namespace {

// What a control program may print that we keep: its first lines are all we report.
constexpr size_t kOutputLimit = 4096;

std::string firstLine(const std::string& text) {
  std::string line = text.substr(0, text.find('\n'));
  if (line.size() > 200) line = line.substr(0, 200) + "...";
  return line;
}

}  // namespace

std::optional<std::string> configuredServerControl() {
  const char* value = std::getenv(kServerControlVariable);
  if (!value || !*value) return std::nullopt;
  return std::string(value);
}

Status serverControlMissing(const std::string& faultLocation, const std::string& faultName) {
  return Status::failure(faultLocation + ": " + faultName + " on a live server needs " +
                         kServerControlVariable +
                         ", a program you trust to kill and restart your servers (docs/live.md); "
                         "Lockscope never acts on a process a server names");
}

Status serverFaultsCanRun(const scenario::Scenario& scenario,
                          const std::optional<std::string>& program) {
  if (program) return Status::success();
  using Kind = scenario::Fault::Kind;
  for (const scenario::Fault& fault : scenario.faults) {
    if (fault.kind == Kind::KillServer || fault.kind == Kind::RestartServer ||
        fault.kind == Kind::KillInstance || fault.kind == Kind::RestartInstance) {
      return serverControlMissing(fault.location.describe(), scenario::faultKindName(fault.kind));
    }
  }
  return Status::success();
}

Result<std::string> runServerControl(const std::string& program,
                                     const std::vector<std::string>& arguments, int64_t timeoutMs) {
  std::string output;
  // Everything the child needs is built before fork: after it, only async-signal-safe calls.
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(program.c_str()));
  for (const std::string& argument : arguments) argv.push_back(const_cast<char*>(argument.c_str()));
  argv.push_back(nullptr);
  int pipeFds[2];
  if (pipe2(pipeFds, O_CLOEXEC) != 0) {
    return Status::failure("cannot run " + program + ": " + std::strerror(errno));
  }
  const int devNull = open("/dev/null", O_RDONLY | O_CLOEXEC);
  const pid_t child = fork();
  if (child == 0) {
    setpgid(0, 0);  // its own group, so that a timeout kills whatever it started too
    dup2(pipeFds[1], STDOUT_FILENO);
    dup2(pipeFds[1], STDERR_FILENO);
    if (devNull >= 0) dup2(devNull, STDIN_FILENO);
    execv(program.c_str(), argv.data());
    const char message[] = "cannot execute the program\n";
    (void)!write(STDERR_FILENO, message, sizeof message - 1);
    _exit(127);
  }
  close(pipeFds[1]);
  if (devNull >= 0) close(devNull);
  if (child < 0) {
    close(pipeFds[0]);
    return Status::failure("cannot run " + program + ": fork failed");
  }
  setpgid(child, child);  // either side may get there first
  // Read until the program closes its output (it exits, or daemonizes something that closed it),
  // or the deadline.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
  bool timedOut = false;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                          deadline - std::chrono::steady_clock::now())
                          .count();
    if (left <= 0) {
      timedOut = true;
      break;
    }
    pollfd readable{pipeFds[0], POLLIN, 0};
    const int ready = poll(&readable, 1, static_cast<int>(left));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;
    char buffer[512];
    const ssize_t got = read(pipeFds[0], buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    if (output.size() < kOutputLimit) output.append(buffer, static_cast<size_t>(got));
  }
  close(pipeFds[0]);
  if (timedOut) kill(-child, SIGKILL);
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  while (!output.empty() && (output.back() == '\n' || output.back() == '\r')) output.pop_back();
  std::string command = program;
  for (const std::string& argument : arguments) command += " " + argument;
  if (timedOut) {
    return Status::failure(command + ": no answer within " + std::to_string(timeoutMs / 1000) +
                           " s (killed)");
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return output;
  const std::string how = WIFEXITED(status) ? "exit status " + std::to_string(WEXITSTATUS(status))
                                            : "signal " + std::to_string(WTERMSIG(status));
  return Status::failure(command + ": " + how + (output.empty() ? "" : ": " + firstLine(output)));
}

}  // namespace lockscope::live
