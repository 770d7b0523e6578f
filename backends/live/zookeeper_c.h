// The one place that includes libzookeeper_mt's header (THREADED selects its multi-threaded API)
// and translates its values to the client API's types.
#pragma once

#define THREADED
#include <zookeeper/zookeeper.h>

#include <string>
#include <vector>

#include "backends/api/zookeeper_types.h"

namespace lockscope::live {

// Error codes the API names map one to one; ZCLOSING and ZINVALIDSTATE (a call on a closed or
// expired handle) become SessionExpired, as the Java client reports them; anything else is a
// lost connection (the caller cannot know whether the server applied the call).
zookeeper::ErrorCode toErrorCode(int rc);
zookeeper::Stat toStat(const struct Stat& stat);
int toCreateFlags(zookeeper::CreateMode mode);
// A node event type (never ZOO_SESSION_EVENT); None for types the API does not know.
zookeeper::EventType toEventType(int type);

// The library logs to stderr by default; Lockscope reports errors itself, in one line.
void silenceLibraryLog();

// A handle for the run: the library's log silenced, and the run's ZooKeeper digest
// (live_credentials.h) added if one is configured, which the library sends before any request and
// again after every reconnect. nullptr for a connection string the library refuses.
zhandle_t* openRunHandle(const std::string& hosts, int64_t sessionTimeoutMs,
                         watcher_fn watcher = nullptr, void* context = nullptr);
// True once `handle` is connected, false if it is not within `timeoutMs`.
bool waitConnected(zhandle_t* handle, int64_t timeoutMs);
// An ACL as the C client takes it (struct ACL_vector), pointing into its own copy of the entries;
// it must outlive the zoo_a* call it is given to (which serializes it at once).
class CAcl {
 public:
  explicit CAcl(const std::vector<zookeeper::Acl>& acl);
  CAcl(const CAcl&) = delete;
  CAcl& operator=(const CAcl&) = delete;
  struct ACL_vector* vector() {
    return &vector_;
  }

 private:
  std::vector<zookeeper::Acl> entries_;
  std::vector<struct ACL> items_;
  struct ACL_vector vector_ {};
};

// The ACL of every node the run creates: its digest identity only when it has one, open without.
struct ACL_vector* runAcl();

}  // namespace lockscope::live
