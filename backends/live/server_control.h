// Kills and restarts servers of a live ensemble, for the kill_server / restart_server faults.
//
// The ensemble must have been started by tests/support/zk-server.sh (the test fixtures, or a
// user following the README): its `conf` four-letter word names each server's data directory,
// DIR/serverN/data, which leads back to DIR and to the script's kill-server, kill-leader and
// restart-server commands. A kill is a SIGKILL: the server sees nothing, like a power cut.
#pragma once

#include <mutex>
#include <string>

namespace lockscope::live {

// Thread-safe: a restart may run in the background while the world goes on.
class ServerControl {
 public:
  explicit ServerControl(std::string servers) : servers_(std::move(servers)) {}

  // "leader" or a server number. Blocks until the server is dead (bounded by the script).
  // Returns an empty string on success, otherwise one line saying why not.
  std::string kill(const std::string& which);
  // A server number, or "killed" for the one killed last. Blocks until it listens (bounded).
  std::string restart(const std::string& which);

 private:
  bool findDirectory(std::string& error);

  std::mutex mutex_;  // a restart runs on a thread of its own
  std::string servers_;
  std::string directory_;   // DIR of zk-server.sh; empty until found
  std::string lastKilled_;  // the number of the server killed last
};

}  // namespace lockscope::live
