// The client API over a real ZooKeeper, through libzookeeper_mt's asynchronous calls.
//
// The library answers on its own completion thread; every answer is posted to the world's inbox
// and runs on the world's thread, through the client's simulated process (so a paused process
// sees nothing until it resumes and a crashed one nothing at all). Session events
// (ZOO_SESSION_EVENT) become session state changes, never node events.
//
// The server's side is not visible from a client, so the client writes into the trace what its
// replies prove the server did (a node created or deleted, a watch armed or fired, a session
// created or ended), with the same kinds and fields as the model: the checkers read both alike.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "backends/api/zookeeper_client.h"
#include "backends/model/zookeeper/ephemeral_set.h"
#include "handle_closer.h"
#include "sim/engine/process.h"
#include "sim/engine/world.h"
#include "world_inbox.h"

namespace lockscope::live {

// What a completion carried, copied off the library's buffers.
struct LiveReply {
  int rc = 0;
  std::string path;  // created path (create), synced path (sync)
  std::string data;
  zookeeper::Stat stat;
  bool hasStat = false;
  std::vector<std::string> children;
  std::vector<zookeeper::Acl> acl;
};

struct LiveSessionShared;  // what the library's threads hold (live_zookeeper_client.cpp)

class LiveZooKeeperClient final : public zookeeper::ZooKeeperClient {
 public:
  // Starts connecting to `hosts` ("host:port,host:port"). `process` may be null (the shell).
  // `inbox` and `closer` must outlive the client.
  LiveZooKeeperClient(sim::World& world, WorldInbox& inbox, HandleCloser& closer,
                      sim::Process* process, std::string name, const std::string& hosts,
                      int64_t sessionTimeoutMs);
  // Closes the handle (in the background) if close() was not called.
  ~LiveZooKeeperClient() override;

  // Events that came before any watcher was set (a session opened ahead) are kept and handed to
  // the first watcher, later, as the C client would have given them to its init-time watcher.
  void setWatcher(Watcher watcher) override;
  int64_t sessionId() const override { return sessionId_; }
  zookeeper::SessionState state() const override { return state_; }
  int64_t sessionTimeoutMs() const override { return sessionTimeoutMs_; }

  void create(const std::string& path, const std::string& data, zookeeper::CreateMode mode,
              CreateCallback done) override;
  void createWithOptions(const std::string& path, const std::string& data,
                         zookeeper::CreateMode mode, const zookeeper::CreateOptions& options,
                         CreateCallback done) override;
  // zoo_aset_acl answers without a Stat: an exists() after it fetches the one to report.
  void setAcl(const std::string& path, const std::vector<zookeeper::Acl>& acl, int32_t version,
              StatCallback done) override;
  void addAuth(const std::string& scheme, const std::string& auth, VoidCallback done) override;
  void remove(const std::string& path, int32_t version, VoidCallback done) override;
  void exists(const std::string& path, bool watch, StatCallback done) override;
  void getData(const std::string& path, bool watch, DataCallback done) override;
  void setData(const std::string& path, const std::string& data, int32_t version,
               StatCallback done) override;
  void getChildren(const std::string& path, bool watch, ChildrenCallback done) override;
  void removeAll(const std::vector<std::string>& paths, VoidCallback done) override;
  // libzookeeper_mt 3.8 has no addWatch request (no persistent watches at all), and its
  // zoo_aremove_watches knows only one-shot watches: both answer Unimplemented without asking
  // the server (docs/zkcli-format.md, "addWatch and removewatches").
  void addWatch(const std::string& path, zookeeper::AddWatchMode mode, VoidCallback done) override;
  void removeWatches(const std::string& path, zookeeper::WatcherType type, bool local,
                     VoidCallback done) override;
  void sync(const std::string& path, VoidCallback done) override;
  void close(VoidCallback done) override;
  void getAcl(const std::string& path, AclCallback done) override;
  // libzookeeper_mt 3.8 has no call for the next three requests (opcodes 104, 103 and 107), so
  // the client works their answers out from what it can ask and what it knows
  // (live_derived_reads.cpp); docs/zkcli-format.md says how.
  void getAllChildrenNumber(const std::string& path, CountCallback done) override;
  void getEphemerals(const std::string& prefix, PathsCallback done) override;
  void whoAmI(IdentitiesCallback done) override;

  // The session's password (for a second handle that ends the session on purpose); empty until
  // connected.
  std::string sessionPassword() const;

  // World thread, called by what the library posted.
  void onReply(int64_t xid, const LiveReply& reply);
  void onWatcherEvent(int type, int state, const std::string& path);

 private:
  struct Call {
    sim::ZooKeeperOp op;
    std::string path;
    zookeeper::CreateMode mode = zookeeper::CreateMode::Persistent;
    bool watch = false;
    std::vector<std::string> paths;  // removeAll
    std::function<void(const LiveReply&)> done;
    std::string data;  // setData: what it writes, for the trace's node_changed
  };

  // The derived reads (live_derived_reads.cpp).
  struct SubtreeCount;
  struct EphemeralCheck;
  bool open() const;
  // Runs `answer` later on the world's thread, never inside the call that asked.
  void answerLater(std::function<void()> answer);
  void countSubtree(const std::shared_ptr<SubtreeCount>& walk);
  void checkEphemerals(const std::shared_ptr<EphemeralCheck>& check);

  // Sends one call; `start` passes the completion context to the library's zoo_a* function.
  void issue(Call call, const std::function<int(void* context)>& start);
  void unimplemented(sim::ZooKeeperOp op, const std::string& path, VoidCallback done);
  void complete(int64_t xid, const LiveReply& reply);
  void traceServerFacts(const Call& call, const LiveReply& reply);
  void onSessionEvent(int state);
  void onNodeEvent(int type, const std::string& path);
  void sessionEnded(sim::SessionOp how);
  void notify(const zookeeper::WatchedEvent& event);
  // Runs `work` on the world's thread through the client's process, if the client still exists.
  void deliverLater(std::function<void(LiveZooKeeperClient&)> work);

  sim::World& world_;
  HandleCloser& closer_;
  sim::Process* process_;
  std::string name_;
  std::shared_ptr<LiveSessionShared> shared_;
  std::shared_ptr<LiveSessionShared>* watcherContext_ = nullptr;  // the handle's; freed after close
  zhandle_t* handle_ = nullptr;
  Watcher watcher_;
  std::vector<zookeeper::WatchedEvent> unwatched_;  // events before the first watcher
  int64_t sessionId_ = 0;
  int64_t sessionTimeoutMs_ = 0;
  zookeeper::SessionState state_ = zookeeper::SessionState::Disconnected;
  int64_t nextXid_ = 1;
  std::map<int64_t, Call> calls_;
  std::set<std::string> ephemerals_;  // this session's ephemeral nodes, gone when it ends
  // The same nodes as the server's HashSet holds them (insertion order, peak size): the order
  // getEphemerals answers in. Only this session creates them; a delete by another session is
  // noticed when getEphemerals checks them.
  zookeeper::model::EphemeralSet ephemeralOrder_;
  // The digest identities addAuth added (the server's names for them), for whoAmI.
  std::vector<zookeeper::ClientIdentity> addedAuth_;
};

}  // namespace lockscope::live
