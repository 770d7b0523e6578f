// What the stage shows at one moment of a run, folded from the trace events up to that moment:
// each client's activity and pseudocode line, the znode tree with owners, the armed watches, and
// for Redis runs the instances (redis_stage.h), for database runs the tables, locks and
// transactions (database_stage.h).
// Pure data, copied into snapshots so that scrubbing replays at most a few hundred events.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "database_stage.h"
#include "recorded_trace.h"
#include "redis_stage.h"
#include "run_cast.h"
#include "sim/checkers/armed_watches.h"

namespace lockscope::gui {

// The states the stage colours a client by (in this order of precedence).
enum class Activity : uint8_t {
  Idle,
  Creating,
  Listing,
  Waiting,
  Holding,
  Releasing,
  Paused,
  Crashed,
  Expired,
  Done
};
const char* activityName(Activity activity);

struct ClientOnStage {
  bool acquiring = false, holding = false, releasing = false, done = false;
  bool paused = false, crashed = false, expired = false, partitioned = false;
  int line = 0;            // the pseudocode line it is on (from 1; 0 before it starts)
  int outstanding = 0;     // requests sent and not yet answered
  sim::TraceOp pendingOp;  // the latest of them
  int64_t session = 0;
  std::string node;  // the lock node it holds or last held (kept through a crash while held)
  int acquisitions = 0;
  // A multi-lock's nodes it holds while it waits for the rest (zk-multilock): part of the lock.
  std::vector<std::string> partNodes;
  // What its open cache holds (a cache recipe's `note`s, sim/recipes/watching_recipe.h): the
  // content in words and the version it loaded (-1: none, or not known).
  bool holdingRead = false;  // its latest acquire was in read mode
  bool cacheOpen = false;
  TextId cache = 0;
  int64_t cacheVersion = -1;

  Activity activity() const;
};

struct ZnodeOnStage {
  int owner = kNoClient;  // the client whose session owns it (ephemeral nodes)
  bool ephemeral = false;
  bool sequential = false;
  sim::Micros created = 0;
  int64_t czxid = 0;    // the zxid that created it (a fencing token in the fencing lessons)
  TextId data = 0;      // the data a setData wrote ("revoke"); 0 until one did
  int64_t version = 0;  // its data version
};

class StageState {
 public:
  explicit StageState(size_t clientCount = 0) : clients_(clientCount) {}

  void apply(const StoredEvent& event, const RecordedTrace& trace, const RunCast& cast);

  const std::vector<ClientOnStage>& clients() const { return clients_; }
  const std::map<std::string, ZnodeOnStage, std::less<>>& znodes() const { return znodes_; }
  const std::map<std::string, InstanceOnStage>& instances() const { return redis_.instances(); }
  const RedisStage& redis() const { return redis_; }
  const DatabaseStage& database() const { return database_; }
  const checkers::ArmedWatches& watches() const { return watches_; }
  size_t applied() const { return applied_; }  // events folded in so far
  // A client holds the lock while it says so, and after a crash for as long as its lock node
  // lives on: the server keeps it until the session expires ("held by a dead session").
  bool holds(size_t client) const;
  bool heldByDeadSession(size_t client) const;
  int holders() const;
  // The client holding the lock through the znode at `path`, or kNoClient.
  int holderOfNode(std::string_view path) const;
  // The client holding the znode at `path` as one of several locks it is still taking, or
  // kNoClient.
  int partHolderOfNode(std::string_view path) const;
  // The ZooKeeper server (the model's one server, standing for the service) is not killed.
  bool serverUp() const { return serverUp_; }

 private:
  void applyLock(ClientOnStage& client, sim::TraceOp op, std::string_view path);
  void applyProcess(ClientOnStage& client, sim::TraceOp state);

  std::vector<ClientOnStage> clients_;
  std::map<std::string, ZnodeOnStage, std::less<>> znodes_;
  RedisStage redis_;
  DatabaseStage database_;
  checkers::ArmedWatches watches_;
  size_t applied_ = 0;
  bool serverUp_ = true;
};

}  // namespace lockscope::gui
