#include "live_probe.h"

#include <chrono>
#include <condition_variable>
#include <mutex>

#include "zookeeper_c.h"

namespace lockscope::live {
namespace {

struct ConnectSignal {
  std::mutex mutex;
  std::condition_variable changed;
  bool connected = false;
};

void onSessionEvent(zhandle_t*, int type, int state, const char*, void* context) {
  if (type != ZOO_SESSION_EVENT || state != ZOO_CONNECTED_STATE) return;
  auto* signal = static_cast<ConnectSignal*>(context);
  {
    std::lock_guard lock(signal->mutex);
    signal->connected = true;
  }
  signal->changed.notify_all();
}

}  // namespace

Status probeZooKeeper(const std::string& hosts, int64_t timeoutMs) {
  silenceLibraryLog();
  ConnectSignal signal;
  // Session timeout = the probe's bound: an unanswered handshake is given up no later.
  zhandle_t* handle = zookeeper_init(hosts.c_str(), onSessionEvent,
                                     static_cast<int>(std::max<int64_t>(timeoutMs, 2000)), nullptr,
                                     &signal, 0);
  if (!handle) return Status::failure("invalid ZooKeeper connection string '" + hosts + "'");
  bool connected = false;
  {
    std::unique_lock lock(signal.mutex);
    connected = signal.changed.wait_for(lock, std::chrono::milliseconds(timeoutMs),
                                        [&] { return signal.connected; });
  }
  zookeeper_close(handle);  // joins the library's threads: no callback touches `signal` after
  if (!connected) {
    return Status::failure("cannot reach ZooKeeper at " + hosts + " within " +
                           std::to_string(timeoutMs) + " ms");
  }
  return Status::success();
}

}  // namespace lockscope::live
