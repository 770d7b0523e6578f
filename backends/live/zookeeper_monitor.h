// Notices a live ZooKeeper that stopped answering in the middle of a run (killed, SIGSTOPped):
// a session of its own, outside the fault proxies, whose library sends heartbeats and drops the
// connection when the server is silent for two thirds of the session timeout. The run asks how
// long the session has been without a connection.
#pragma once

#include <chrono>
#include <string>

#include "zookeeper_c.h"

namespace lockscope::live {

class ZooKeeperMonitor {
 public:
  explicit ZooKeeperMonitor(const std::string& servers);
  ~ZooKeeperMonitor();
  ZooKeeperMonitor(const ZooKeeperMonitor&) = delete;
  ZooKeeperMonitor& operator=(const ZooKeeperMonitor&) = delete;

  // How long the session has not been connected (0 while it is). Call from one thread.
  std::chrono::milliseconds silentFor();
  // Starts the silence anew: the run restarted servers.
  void forgive() { lastConnected_ = Clock::now(); }

 private:
  using Clock = std::chrono::steady_clock;
  zhandle_t* handle_ = nullptr;
  Clock::time_point lastConnected_ = Clock::now();
};

}  // namespace lockscope::live
