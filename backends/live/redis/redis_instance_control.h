// Kills and restarts the live Redis servers of a run, for the kill_instance / restart_instance
// faults, through the user's control program (backends/live/server_control_program.h): never by
// a pid or an executable a server reports. The port tells when the server is gone or back.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "redis_address.h"
#include "sim/engine/status.h"

namespace lockscope::live::redis {

class RedisInstanceControl {
 public:
  // `program` empty: every call fails (the run refused such faults before it started).
  RedisInstanceControl(std::string program, std::vector<RedisAddress> addresses, int64_t timeoutMs)
      : program_(std::move(program)), addresses_(std::move(addresses)), timeoutMs_(timeoutMs) {}

  // `index` is the instance's position (redis-1 is 0). Each blocks until the server is gone or
  // answers again, bounded. A failure says why not, in one line.
  Status kill(size_t index);
  Status restart(size_t index);
  // The instances killed and not restarted yet, in order.
  std::vector<size_t> killed() const { return {killed_.begin(), killed_.end()}; }
  bool isKilled(size_t index) const { return killed_.count(index) > 0; }

 private:
  Status control(const char* action, size_t index);
  bool waitUntilAnswering(const RedisAddress& address, bool answering);

  std::string program_;
  std::vector<RedisAddress> addresses_;
  int64_t timeoutMs_;
  std::set<size_t> killed_;
};

}  // namespace lockscope::live::redis
