// Kills and restarts servers of a live ZooKeeper ensemble, for the kill_server / restart_server
// faults, through the user's control program (server_control_program.h): Lockscope never finds
// a process or a directory from what a server reports.
#pragma once

#include <atomic>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "sim/engine/status.h"

namespace lockscope::live {

// Thread-safe: a restart may run in the background while the world goes on.
class ServerControl {
 public:
  // `program` empty: every call fails (the run refused such faults before it started).
  ServerControl(std::string program, std::string servers)
      : program_(std::move(program)), servers_(std::move(servers)) {}

  // "leader" or a server number. Blocks until the program says the server is dead (bounded).
  // A failure says why not, in one line.
  Status kill(const std::string& which);
  // A server number, or "killed" for the one killed last. Blocks until it listens (bounded).
  Status restart(const std::string& which);
  // The numbers of the servers killed and not restarted yet.
  std::vector<std::string> killed();
  // How many; never waits for a kill or restart in progress.
  size_t killedCount() const { return killedCount_; }

 private:
  std::mutex mutex_;  // a restart runs on a thread of its own
  std::string program_;
  std::string servers_;
  std::string lastKilled_;  // the number of the server killed last
  std::set<std::string> killed_;
  std::atomic<size_t> killedCount_{0};
};

}  // namespace lockscope::live
