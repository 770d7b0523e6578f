#include "server_control.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cstdio>
#include <memory>

namespace lockscope::live {
namespace {

// Sends a four-letter word to 127.0.0.1:port and returns the reply; empty if nothing answers
// within two seconds.
std::string fourLetterWord(int port, const char* word) {
  const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return {};
  timeval timeout{2, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  std::string reply;
  if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
      send(fd, word, 4, MSG_NOSIGNAL) == 4) {
    char buffer[4096];
    for (ssize_t got; (got = recv(fd, buffer, sizeof buffer, 0)) > 0;) reply.append(buffer, got);
  }
  close(fd);
  return reply;
}

// Runs zk-server.sh with `arguments`; returns its exit status and stdout (stderr joins it).
int runScript(const std::string& arguments, std::string& output) {
  const std::string command = "'" LOCKSCOPE_ZK_SERVER_SCRIPT "' " + arguments + " 2>&1";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) return -1;
  char buffer[512];
  while (fgets(buffer, sizeof buffer, pipe.get())) output += buffer;
  const int status = pclose(pipe.release());
  while (!output.empty() && output.back() == '\n') output.pop_back();
  return status;
}

}  // namespace

bool ServerControl::findDirectory(std::string& error) {
  if (!directory_.empty()) return true;
  // Every server of the list is asked until one answers (some may be down already).
  for (size_t start = 0; start < servers_.size();) {
    const size_t comma = std::min(servers_.find(',', start), servers_.size());
    const std::string server = servers_.substr(start, comma - start);
    start = comma + 1;
    const size_t colon = server.rfind(':');
    if (colon == std::string::npos) continue;
    const std::string conf = fourLetterWord(std::atoi(server.c_str() + colon + 1), "conf");
    const size_t key = conf.find("dataDir=");
    if (key == std::string::npos) continue;
    std::string dataDir = conf.substr(key + 8, conf.find('\n', key) - key - 8);
    // DIR/serverN/data/version-2 (the server adds the last part) -> DIR
    const size_t serverDir = dataDir.rfind("/server");
    if (serverDir == std::string::npos || serverDir == 0) continue;
    directory_ = dataDir.substr(0, serverDir);
    return true;
  }
  error = "no server of " + servers_ + " answered `conf`: cannot find its zk-server.sh directory";
  return false;
}

std::string ServerControl::kill(const std::string& which) {
  std::lock_guard lock(mutex_);
  std::string error;
  if (!findDirectory(error)) return error;
  std::string output;
  const std::string arguments = which == "leader" ? "kill-leader '" + directory_ + "'"
                                                  : "kill-server '" + directory_ + "' " + which;
  if (runScript(arguments, output) != 0) return "kill_server " + which + ": " + output;
  lastKilled_ = which == "leader" ? output : which;
  return {};
}

std::string ServerControl::restart(const std::string& which) {
  std::lock_guard lock(mutex_);
  std::string error;
  if (!findDirectory(error)) return error;
  const std::string number = which == "killed" ? lastKilled_ : which;
  if (number.empty()) return "restart_server killed: no server was killed";
  std::string output;
  if (runScript("restart-server '" + directory_ + "' " + number, output) != 0) {
    return "restart_server " + number + ": " + output;
  }
  return {};
}

}  // namespace lockscope::live
