#include "zookeeper_monitor.h"

namespace lockscope::live {
namespace {

// Short, so that a silent server is noticed in a few seconds; the session itself does nothing.
constexpr int kMonitorSessionTimeoutMs = 4000;

}  // namespace

ZooKeeperMonitor::ZooKeeperMonitor(const std::string& servers) {
  handle_ = openRunHandle(servers, kMonitorSessionTimeoutMs);
}

ZooKeeperMonitor::~ZooKeeperMonitor() {
  if (handle_) zookeeper_close(handle_);
}

std::chrono::milliseconds ZooKeeperMonitor::silentFor() {
  const auto now = Clock::now();
  if (handle_ && zoo_state(handle_) == ZOO_CONNECTED_STATE) lastConnected_ = now;
  return std::chrono::duration_cast<std::chrono::milliseconds>(now - lastConnected_);
}

}  // namespace lockscope::live
