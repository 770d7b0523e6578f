// Kills and restarts the live Redis servers of a run, for the kill_instance / restart_instance
// faults. A kill is a SIGKILL (a power cut: no shutdown save, no goodbye to clients), sent to the
// process the server itself names (INFO server: process_id). A restart runs the same executable
// with the same config file (INFO server: executable, config_file), so the server must have been
// started from a config file that daemonizes it, as tests/support/redis-servers.sh does.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "redis_address.h"

namespace lockscope::live::redis {

class RedisInstanceControl {
 public:
  RedisInstanceControl(std::vector<RedisAddress> addresses, int64_t timeoutMs)
      : addresses_(std::move(addresses)), timeoutMs_(timeoutMs) {}

  // `index` is the instance's position (redis-1 is 0). Each blocks until the server is gone or
  // answers again, at most about timeoutMs. Returns "" on success, else one line saying why not.
  std::string kill(size_t index);
  std::string restart(size_t index);
  // The instances killed and not restarted yet, in order.
  std::vector<size_t> killed() const;

 private:
  struct CommandLine {
    std::string executable;
    std::string configFile;
  };
  bool waitUntilAnswering(const RedisAddress& address, bool answering);

  std::vector<RedisAddress> addresses_;
  int64_t timeoutMs_;
  std::map<size_t, CommandLine> killed_;  // how to start each killed server again
};

}  // namespace lockscope::live::redis
