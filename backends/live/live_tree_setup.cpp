#include "live_tree_setup.h"

#include <chrono>
#include <thread>

#include "zookeeper_c.h"

namespace lockscope::live {
namespace {

// Deletes `path` and everything under it; ZNONODE counts as done (someone else deleted it).
int deleteTree(zhandle_t* handle, const std::string& path) {
  String_vector children{};
  int rc = zoo_get_children(handle, path.c_str(), 0, &children);
  if (rc == ZNONODE) return ZOK;
  if (rc != ZOK) return rc;
  for (int32_t i = 0; i < children.count && rc == ZOK; ++i) {
    rc = deleteTree(handle, path + "/" + children.data[i]);
  }
  deallocate_String_vector(&children);
  if (rc != ZOK) return rc;
  rc = zoo_delete(handle, path.c_str(), -1);
  return rc == ZNONODE ? ZOK : rc;
}

// Creates `path` and its missing parents, all persistent and empty.
int createWithParents(zhandle_t* handle, const std::string& path) {
  for (size_t slash = path.find('/', 1);; slash = path.find('/', slash + 1)) {
    const std::string prefix = path.substr(0, slash);
    const int rc = zoo_create(handle, prefix.c_str(), nullptr, -1, &ZOO_OPEN_ACL_UNSAFE,
                              ZOO_PERSISTENT, nullptr, 0);
    if (rc != ZOK && rc != ZNODEEXISTS) return rc;
    if (slash == std::string::npos) return ZOK;
  }
}

bool waitConnected(zhandle_t* handle, int64_t timeoutMs) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
  while (zoo_state(handle) != ZOO_CONNECTED_STATE) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return true;
}

}  // namespace

bool resetPaths(const std::string& hosts, const std::vector<std::string>& paths,
                int64_t timeoutMs, std::string& error) {
  silenceLibraryLog();
  zhandle_t* handle = zookeeper_init(hosts.c_str(), nullptr, static_cast<int>(timeoutMs), nullptr,
                                     nullptr, 0);
  if (!handle || !waitConnected(handle, timeoutMs)) {
    if (handle) zookeeper_close(handle);
    error = "cannot reach ZooKeeper at " + hosts + " within " + std::to_string(timeoutMs) + " ms";
    return false;
  }
  int rc = ZOK;
  for (const std::string& path : paths) {
    if (path.empty() || path == "/") continue;
    rc = deleteTree(handle, path);
    if (rc == ZOK) rc = createWithParents(handle, path);
    if (rc != ZOK) {
      error = "cannot reset " + path + " on " + hosts + ": " + zerror(rc);
      break;
    }
  }
  zookeeper_close(handle);
  return rc == ZOK;
}

}  // namespace lockscope::live
