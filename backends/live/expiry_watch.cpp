#include "expiry_watch.h"

namespace lockscope::live {
namespace {

constexpr int kSessionTimeoutMs = 10000;

void onDeleted(zhandle_t*, int type, int, const char*, void* context) {
  if (type == ZOO_DELETED_EVENT) (*static_cast<std::function<void()>*>(context))();
}

}  // namespace

ExpiryWatch::ExpiryWatch(const std::string& servers) {
  handle_ = openRunHandle(servers, kSessionTimeoutMs);
}

ExpiryWatch::~ExpiryWatch() {
  if (handle_) zookeeper_close(handle_);  // no watcher runs after it returns
}

std::string ExpiryWatch::findEphemeral(const std::string& path, int64_t session) {
  String_vector children{};
  if (zoo_get_children(handle_, path.c_str(), 0, &children) != ZOK) return {};
  std::string found;
  for (int32_t i = 0; i < children.count && found.empty(); ++i) {
    const std::string child = (path == "/" ? "" : path) + "/" + children.data[i];
    struct Stat stat {};
    if (zoo_exists(handle_, child.c_str(), 0, &stat) != ZOK) continue;
    found = stat.ephemeralOwner == session ? child : findEphemeral(child, session);
  }
  deallocate_String_vector(&children);
  return found;
}

void ExpiryWatch::watch(int64_t session, std::function<void()> expired) {
  std::lock_guard lock(mutex_);
  if (!handle_ || session == 0) return;
  waitConnected(handle_, 2000);  // the search below fails by itself if it did not connect
  const std::string node = findEphemeral("/", session);
  if (node.empty()) return;
  callbacks_.push_back(std::make_unique<std::function<void()>>(std::move(expired)));
  struct Stat stat {};
  const int rc = zoo_wexists(handle_, node.c_str(), onDeleted, callbacks_.back().get(), &stat);
  if (rc == ZNONODE) (*callbacks_.back())();  // expired between the search and the watch
}

}  // namespace lockscope::live
