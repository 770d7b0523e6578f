// A live run's own corner of a server it may share with other runs and other people's data:
// everything it creates lives under /lockscope/<run id> (the sessions use it as their chroot, so
// the recipes' paths and the trace read as in the model), and the whole subtree, which only this
// run created, is deleted when the run ends. Nothing outside it is read, changed or deleted: a
// lesson's `lock_path: /victim` cannot touch the server's own /victim.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/engine/status.h"

namespace lockscope::live {

// 16 hex digits, new for every call (random device, clock and pid): two runs on one server, even
// started in the same microsecond by two processes, get different namespaces.
std::string newRunId();

class ZooKeeperNamespace {
 public:
  ZooKeeperNamespace(std::string servers, int64_t timeoutMs);
  ~ZooKeeperNamespace();  // deletes the subtree, if create() made it
  ZooKeeperNamespace(const ZooKeeperNamespace&) = delete;
  ZooKeeperNamespace& operator=(const ZooKeeperNamespace&) = delete;

  // "/lockscope/<run id>": what the sessions' connection strings end with.
  const std::string& root() const { return root_; }
  // Creates the root (which must not exist yet) and, inside it, `paths` with their parents, empty.
  // A failure (one line) when the server cannot be reached or refuses.
  Status create(const std::vector<std::string>& paths);
  // Deletes the subtree now (also done by the destructor); a failure if some is left.
  Status remove();
  // Leaves the subtree on a server that stopped answering: trying would only wait for nothing.
  void abandon() { created_ = false; }

 private:
  std::string servers_;
  int64_t timeoutMs_;
  std::string root_;
  bool created_ = false;
};

}  // namespace lockscope::live
