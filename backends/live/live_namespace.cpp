#include "live_namespace.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <random>

#include "zookeeper_c.h"

namespace lockscope::live {
namespace {

constexpr const char* kParent = "/lockscope";

// Deletes `path` and everything under it; ZNONODE counts as done (an ephemeral node may vanish
// with its session meanwhile).
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

// Creates each missing parent of `path` and `path` itself, persistent and empty. With
// `mustBeNew`, `path` itself must not exist yet.
int createWithParents(zhandle_t* handle, const std::string& path, bool mustBeNew) {
  for (size_t slash = path.find('/', 1);; slash = path.find('/', slash + 1)) {
    const std::string prefix = path.substr(0, slash);
    const bool last = slash == std::string::npos;
    // The shared /lockscope stays open to every run; the run's own nodes get its ACL.
    const int rc = zoo_create(handle, prefix.c_str(), nullptr, -1,
                              prefix == kParent ? &ZOO_OPEN_ACL_UNSAFE : runAcl(), ZOO_PERSISTENT,
                              nullptr, 0);
    if (rc != ZOK && !(rc == ZNODEEXISTS && !(last && mustBeNew))) return rc;
    if (last) return ZOK;
  }
}

// A session of its own for the synchronous calls below; a failure if unreachable.
Result<zhandle_t*> openSession(const std::string& servers, int64_t timeoutMs) {
  zhandle_t* handle = openRunHandle(servers, timeoutMs);
  if (!handle || !waitConnected(handle, timeoutMs)) {
    if (handle) zookeeper_close(handle);
    return Status::failure("cannot reach ZooKeeper at " + servers + " within " +
                           std::to_string(timeoutMs) + " ms");
  }
  return handle;
}

}  // namespace

std::string newRunId() {
  std::random_device device;
  const uint64_t clock = static_cast<uint64_t>(
      std::chrono::steady_clock::now().time_since_epoch().count());
  std::seed_seq seed{device(), device(), static_cast<unsigned>(clock),
                     static_cast<unsigned>(clock >> 32), static_cast<unsigned>(getpid())};
  std::mt19937_64 generator(seed);
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(generator()));
  return text;
}

ZooKeeperNamespace::ZooKeeperNamespace(std::string servers, int64_t timeoutMs)
    : servers_(std::move(servers)),
      timeoutMs_(timeoutMs),
      root_(std::string(kParent) + "/" + newRunId()) {}

ZooKeeperNamespace::~ZooKeeperNamespace() {
  const Status removed = remove();
  if (!removed)
    std::fprintf(stderr, "live ZooKeeper, after the run: %s\n", removed.message().c_str());
}

Status ZooKeeperNamespace::create(const std::vector<std::string>& paths) {
  const Result<zhandle_t*> session = openSession(servers_, timeoutMs_);
  if (!session) return session.status();
  zhandle_t* handle = *session;
  // Another run may delete an empty /lockscope between our two creates: try again then.
  int rc = ZNONODE;
  for (int attempt = 0; attempt < 5 && rc == ZNONODE; ++attempt)
    rc = createWithParents(handle, root_, true);
  created_ = rc == ZOK;
  for (const std::string& path : paths) {
    if (rc != ZOK || path.empty() || path == "/") continue;
    rc = createWithParents(handle, root_ + path, false);
  }
  zookeeper_close(handle);
  if (rc != ZOK) {
    return Status::failure("cannot create the run's namespace " + root_ + " on " + servers_ + ": " +
                           zerror(rc));
  }
  return Status::success();
}

Status ZooKeeperNamespace::remove() {
  if (!created_) return Status::success();
  const Result<zhandle_t*> session = openSession(servers_, timeoutMs_);
  if (!session) return session.status();
  zhandle_t* handle = *session;
  // A session closing meanwhile may still add or drop an ephemeral node: a few passes.
  int rc = ZNOTEMPTY;
  for (int attempt = 0; attempt < 5 && rc != ZOK; ++attempt) rc = deleteTree(handle, root_);
  if (rc == ZOK) {
    created_ = false;
    zoo_delete(handle, kParent, -1);  // only if empty: another run's namespace keeps it
  }
  zookeeper_close(handle);
  if (rc != ZOK) {
    return Status::failure("could not delete the run's namespace " + root_ + " on " + servers_ +
                           ": " + zerror(rc));
  }
  return Status::success();
}

}  // namespace lockscope::live
