// Tells the trace when the server expires a crashed client's session. The model records the
// expiry ("session_state server expired"), which ends the session's watches; a live client that
// crashed hears nothing, so without this the checkers saw its watches armed forever (a false
// leaked_watch in no-recheck). After a crash, a session of our own finds one of the dead session's
// ephemeral nodes and watches it: the server deletes it when, and only when, it expires the
// session. A session that owned no ephemeral node leaves nothing to watch, and its expiry goes
// unrecorded.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "zookeeper_c.h"

namespace lockscope::live {

class ExpiryWatch {
 public:
  // `servers` with the run's chroot: the paths the recipes use.
  explicit ExpiryWatch(const std::string& servers);
  ~ExpiryWatch();
  ExpiryWatch(const ExpiryWatch&) = delete;
  ExpiryWatch& operator=(const ExpiryWatch&) = delete;

  // Blocking (a few requests): call it off the world's thread. `expired` runs on a library thread
  // once the session's node is gone (at once if it is gone already); never if it owned none.
  void watch(int64_t session, std::function<void()> expired);

 private:
  std::string findEphemeral(const std::string& path, int64_t session);

  std::mutex mutex_;  // watch() may run on two background threads at once
  zhandle_t* handle_ = nullptr;
  std::vector<std::unique_ptr<std::function<void()>>> callbacks_;  // the watchers' contexts
};

}  // namespace lockscope::live
