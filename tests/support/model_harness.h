// Shared helpers for the ZooKeeper model suites: one World with a trace recorder and one model,
// and clients whose calls can be made synchronously (issue the call, run the world until its
// callback ran). Tests touch the model only through the public API, the fault hooks, the server's
// inspection (tree(), watches(), lastZxid()) and the trace.
#pragma once

#include <QtTest>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "backends/api/zookeeper_client.h"
#include "backends/model/zookeeper/model_client.h"
#include "backends/model/zookeeper/zookeeper_model.h"
#include "sim/engine/world.h"
#include "sim/trace/trace_sinks.h"

namespace lockscope::testing {

namespace zk = lockscope::zookeeper;
namespace zkm = lockscope::zookeeper::model;

// How long a synchronous call may take in virtual time before the helper gives up.
inline constexpr sim::Micros kCallBudget = sim::fromSeconds(60);

// A call whose callback never ran within its budget reports this code, which the model never
// produces, so an assertion on the result names the problem.
inline constexpr zk::ErrorCode kNoReply = zk::ErrorCode::OperationTimeout;

// What a client saw, in the order it saw it: watcher events and call completions.
struct Observed {
  enum class Kind { Event, Reply };
  Kind kind = Kind::Event;
  sim::Micros time = 0;
  zk::WatchedEvent event;  // Kind::Event
  std::string op;          // Kind::Reply: "create", "getData", ...
  std::string path;        // Kind::Reply: the path the call named
  zk::ErrorCode rc = kNoReply;
};

struct CreateResult {
  zk::ErrorCode rc = kNoReply;
  std::string path;
  zk::Stat stat;  // the created node's
};
struct StatResult {
  zk::ErrorCode rc = kNoReply;
  std::optional<zk::Stat> stat;
};
struct DataResult {
  zk::ErrorCode rc = kNoReply;
  std::string data;
  zk::Stat stat;
};
struct ChildrenResult {
  zk::ErrorCode rc = kNoReply;
  std::vector<std::string> names;  // in the order the server returned them
  zk::Stat stat;
};

// A result that arrives later: ready() once the callback ran.
template <typename T>
struct Pending {
  std::shared_ptr<std::optional<T>> slot = std::make_shared<std::optional<T>>();
  bool ready() const { return slot->has_value(); }
  T get() const { return ready() ? **slot : T{}; }
};

class ModelHarness;

class TestClient {
 public:
  TestClient(ModelHarness& harness, std::string name, std::unique_ptr<zk::ZooKeeperClient> api);

  const std::string& name() const { return name_; }
  zk::ZooKeeperClient& api() { return *api_; }
  // The model's side of the session, for the loseNextReply fault.
  zkm::ClientSession& session();
  int64_t sessionId() const { return api_->sessionId(); }
  zk::SessionState state() const { return api_->state(); }

  const std::vector<Observed>& log() const { return *log_; }
  // The watcher events only, in order (session state changes included).
  std::vector<zk::WatchedEvent> events() const;
  // Events of one type (EventType::None: the session state changes).
  std::vector<zk::WatchedEvent> events(zk::EventType type) const;
  // The session states the watcher saw, in order, space separated ("SyncConnected Disconnected").
  std::string statesSeen() const;
  bool sawState(zk::SessionState state) const;
  // When the watcher first saw `state` after `since`, or -1.
  sim::Micros stateTime(zk::SessionState state, sim::Micros since = 0) const;

  // Asynchronous calls: completions are appended to log() and stored in the result.
  Pending<CreateResult> createAsync(const std::string& path, const std::string& data = "",
                                    zk::CreateMode mode = zk::CreateMode::Persistent);
  Pending<StatResult> existsAsync(const std::string& path, bool watch = false);
  Pending<DataResult> getDataAsync(const std::string& path, bool watch = false);
  Pending<StatResult> setDataAsync(const std::string& path, const std::string& data,
                                   int32_t version = -1);
  Pending<zk::ErrorCode> removeAsync(const std::string& path, int32_t version = -1);
  Pending<ChildrenResult> getChildrenAsync(const std::string& path, bool watch = false);
  Pending<zk::ErrorCode> closeAsync();

  // Synchronous versions: issue, then run the world until the callback ran (or kCallBudget).
  CreateResult create(const std::string& path, const std::string& data = "",
                      zk::CreateMode mode = zk::CreateMode::Persistent);
  StatResult exists(const std::string& path, bool watch = false);
  DataResult getData(const std::string& path, bool watch = false);
  StatResult setData(const std::string& path, const std::string& data, int32_t version = -1);
  zk::ErrorCode remove(const std::string& path, int32_t version = -1);
  ChildrenResult getChildren(const std::string& path, bool watch = false);
  zk::ErrorCode close();

 private:
  template <typename T>
  Pending<T> track(const char* op, const std::string& path,
                   std::function<void(std::function<void(T)>)> issue);
  template <typename T>
  T await(const Pending<T>& pending);

  ModelHarness& harness_;
  std::string name_;
  std::unique_ptr<zk::ZooKeeperClient> api_;
  // Shared with the callbacks, which may outlive this object (a closed client's late failures).
  std::shared_ptr<std::vector<Observed>> log_ = std::make_shared<std::vector<Observed>>();
};

class ModelHarness {
 public:
  explicit ModelHarness(uint64_t seed = 1, zkm::ModelConfig config = {});
  ~ModelHarness();
  ModelHarness(const ModelHarness&) = delete;
  ModelHarness& operator=(const ModelHarness&) = delete;

  // A new client; connect() waits until it reports SyncConnected, connectAsync() does not.
  std::unique_ptr<TestClient> connect(const std::string& name, int64_t timeoutMs = 10'000);
  std::unique_ptr<TestClient> connectAsync(const std::string& name, int64_t timeoutMs = 10'000);

  // Runs until done() holds or `budget` of virtual time passed; returns done().
  bool runUntil(const std::function<bool()>& done, sim::Micros budget = kCallBudget);
  // Runs every event up to now + duration.
  void runFor(sim::Micros duration);
  void runUntilTime(sim::Micros time);

  sim::Micros now() const { return world.now(); }
  sim::Micros tickMicros() const { return sim::fromMillis(server().config().tickTimeMs); }
  zkm::ZooKeeperServer& server() { return model.server(); }
  const zkm::ZooKeeperServer& server() const {
    return const_cast<ModelHarness*>(this)->model.server();
  }
  // The node's Stat as the server holds it, or nullopt.
  std::optional<zk::Stat> statAt(const std::string& path) const;
  bool nodeExists(const std::string& path) const { return server().tree().find(path) != nullptr; }

  // Trace queries (the recorder sees every event since construction).
  std::vector<sim::RecordedEvent> traced(sim::TraceKind kind) const;
  std::vector<sim::RecordedEvent> traced(sim::TraceKind kind, const std::string& path) const;
  // The single server-side event of `kind` on `path` (fails the test if there is not exactly one).
  sim::RecordedEvent tracedOnce(sim::TraceKind kind, const std::string& path) const;

  sim::World world;
  sim::TraceRecorder trace;
  zkm::ZooKeeperModel model;
};

// The session-state event a watcher receives.
inline zk::WatchedEvent stateEvent(zk::SessionState state) {
  return zk::WatchedEvent{zk::EventType::None, state, ""};
}
// A node event as a watcher receives it.
inline zk::WatchedEvent nodeEvent(zk::EventType type, const std::string& path) {
  return zk::WatchedEvent{type, zk::SessionState::SyncConnected, path};
}

}  // namespace lockscope::testing

// Readable QCOMPARE failures for the API's value types (found by argument-dependent lookup).
namespace lockscope::zookeeper {
char* toString(const ErrorCode& code);
char* toString(const EventType& type);
char* toString(const SessionState& state);
char* toString(const WatchedEvent& event);
char* toString(const Stat& stat);
}  // namespace lockscope::zookeeper

namespace lockscope::sim {
char* toString(const RecordedEvent& event);
}  // namespace lockscope::sim

// Readable QCOMPARE failures for the standard types the suites compare.
namespace QTest {
template <>
char* toString(const std::string& text);
template <>
char* toString(const std::vector<std::string>& names);
template <>
char* toString(const std::vector<lockscope::zookeeper::WatchedEvent>& events);
}  // namespace QTest
