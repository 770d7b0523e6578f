// A stand-in Redis server for the hostile-server tests: it speaks just enough RESP to pass for a
// server (PING, and +OK to anything else) and answers INFO with whatever the test wants - a
// process id and an executable of the test's choosing, as a malicious server would. Plain
// sockets and a thread per connection, so it answers while the test blocks on a child process.
// While the file `downFile` exists it plays dead (closes every connection), so that a test's
// control program can "kill" and "restart" it; with `noAuth` it answers everything with NOAUTH,
// as a server with a password does.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace lockscope::testing {

class StandInRedis {
 public:
  explicit StandInRedis(std::string info, std::string downFile = {}, bool noAuth = false)
      : info_(std::move(info)), downFile_(std::move(downFile)), noAuth_(noAuth) {
    listener_ = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
        listen(listener_, 16) != 0)
      return;
    getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length);
    port_ = ntohs(address.sin_port);
    acceptor_ = std::thread([this] { acceptLoop(); });
  }
  ~StandInRedis() {
    stopping_ = true;
    shutdown(listener_, SHUT_RDWR);
    if (acceptor_.joinable()) acceptor_.join();
    close(listener_);
    std::lock_guard lock(mutex_);
    for (const int fd : connections_) shutdown(fd, SHUT_RDWR);
    for (std::thread& thread : threads_) thread.join();
    for (const int fd : connections_) close(fd);
  }
  int port() const { return port_; }
  // The commands received, first words only, in order.
  std::vector<std::string> commands() {
    std::lock_guard lock(mutex_);
    return commands_;
  }

 private:
  void acceptLoop() {
    while (!stopping_) {
      pollfd readable{listener_, POLLIN, 0};
      if (poll(&readable, 1, 50) <= 0) continue;
      const int fd = accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
      if (fd < 0) continue;
      if (down()) {
        close(fd);
        continue;
      }
      std::lock_guard lock(mutex_);
      connections_.push_back(fd);
      threads_.emplace_back([this, fd] { serve(fd); });
    }
  }

  // Reads RESP arrays of bulk strings; answers each by its first word.
  void serve(int fd) {
    std::string buffer;
    char chunk[4096];
    for (ssize_t got; (got = recv(fd, chunk, sizeof chunk, 0)) > 0;) {
      if (down()) break;  // the peer sees the connection close, as with a dead server
      buffer.append(chunk, static_cast<size_t>(got));
      for (std::string word; takeCommand(buffer, word);) {
        {
          std::lock_guard lock(mutex_);
          commands_.push_back(word);
        }
        std::string reply = noAuth_ ? "-NOAUTH Authentication required.\r\n" : "+OK\r\n";
        if (word == "PING" && !noAuth_) reply = "+PONG\r\n";
        if (word == "INFO") reply = "$" + std::to_string(info_.size()) + "\r\n" + info_ + "\r\n";
        if (word == "SCAN") reply = "*2\r\n$1\r\n0\r\n*0\r\n";
        send(fd, reply.data(), reply.size(), MSG_NOSIGNAL);
      }
    }
  }

  // Removes one whole command from `buffer`; false when none is complete yet.
  static bool takeCommand(std::string& buffer, std::string& first) {
    if (buffer.empty() || buffer[0] != '*') {
      buffer.clear();  // inline commands: not spoken by hiredis
      return false;
    }
    size_t at = buffer.find("\r\n");
    if (at == std::string::npos) return false;
    const int count = std::atoi(buffer.c_str() + 1);
    size_t position = at + 2;
    for (int i = 0; i < count; ++i) {
      if (position >= buffer.size() || buffer[position] != '$') return false;
      const size_t end = buffer.find("\r\n", position);
      if (end == std::string::npos) return false;
      const size_t length = static_cast<size_t>(std::atoll(buffer.c_str() + position + 1));
      if (end + 2 + length + 2 > buffer.size()) return false;
      if (i == 0) first = buffer.substr(end + 2, length);
      position = end + 2 + length + 2;
    }
    buffer.erase(0, position);
    return true;
  }

  bool down() const { return !downFile_.empty() && access(downFile_.c_str(), F_OK) == 0; }

  std::string info_;
  std::string downFile_;
  bool noAuth_ = false;
  int listener_ = -1;
  int port_ = 0;
  std::atomic<bool> stopping_{false};
  std::thread acceptor_;
  std::mutex mutex_;
  std::vector<int> connections_;
  std::vector<std::thread> threads_;
  std::vector<std::string> commands_;
};

}  // namespace lockscope::testing
