// What every lock recipe is: acquire and release, written once as coroutines against the async
// ZooKeeper API, never knowing whether the server is the model or a real one.
//
// A recipe marks the pseudocode line it is on (line(kName), a CodeLine) before every awaited
// step; the trace carries its number and the GUI highlights it. Lines are numbered from 1 in the
// recipe's description, which lists every named line the recipe marks.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "awaitable_zookeeper.h"
#include "backends/api/redis_client.h"
#include "backends/api/sql_client.h"
#include "code_line.h"
#include "recipe_parameters.h"
#include "sim/coro/signal.h"
#include "sim/coro/task.h"
#include "sim/engine/process.h"
#include "sim/engine/world.h"

namespace lockscope::recipes {

// What a recipe works with. Owned by the client driver; outlives the recipe.
struct RecipeEnvironment {
  sim::World& world;
  sim::Process& process;
  std::optional<AwaitableZooKeeper> zookeeper;  // empty in a Redis run
  std::string clientName;
  RecipeParameters parameters;
  std::function<void(CodeLine line)> markLine;
  // A Redis run: one connection per shard ("redis-1".."redis-N", in order) and the client
  // machine's own clock in ms, which Redlock measures elapsed time with. Empty otherwise.
  std::vector<redis::RedisClient*> redis;
  std::function<int64_t()> localClockMs;
  // A database run: the client's connection (its session). Null otherwise.
  sql::SqlClient* sql = nullptr;
};

// Why an acquire did not take the lock: one enum for every recipe, so the driver and the
// checkers decide on a value, never on a message (the trace's detail is failureText()).
enum class AcquireFailure : uint8_t {
  None,             // acquired
  TimedOut,         // the timed acquire's deadline passed; the driver records "timed_out"
  CallFailed,       // a ZooKeeper call failed; `rc` says how (ConnectionLoss, SessionExpired, ...)
  UpgradeRefused,   // zk-rwlock: the holder of a read lock asked for the write lock
  NoQuorum,         // Redlock: fewer than N/2+1 masters said OK; `detail` is the tally
  NoValidity,       // Redlock: a quorum, but the lease had no time left; `detail` is the tally
  StatementFailed,  // a database statement failed; `detail` is the error ("deadlock 40P01")
};

struct AcquireResult {
  bool acquired = false;
  int64_t fencingToken = 0;  // czxid of the lock node: grows with every new lock node
  std::string node;          // the lock node we hold (or held last)
  AcquireFailure failure = AcquireFailure::None;  // None exactly when acquired
  ErrorCode rc = ErrorCode::Ok;                   // CallFailed: the call's result
  std::string detail;                             // NoQuorum, NoValidity: the tally
};

// The trace's words for a failed acquire: "timed out", "ConnectionLoss", "upgrade refused",
// "no quorum (<tally>)", "validity <= 0 (<tally>)". Empty when it was acquired.
std::string failureText(const AcquireResult& result);

class LockRecipe {
 public:
  explicit LockRecipe(RecipeEnvironment& environment)
      : env_(environment), revocation_(environment.process) {}
  virtual ~LockRecipe() = default;
  LockRecipe(const LockRecipe&) = delete;
  LockRecipe& operator=(const LockRecipe&) = delete;

  virtual coro::Task<AcquireResult> acquire(LockMode mode) = 0;
  // True when the lock was given up cleanly (our node deleted or count decremented).
  virtual coro::Task<bool> release(LockMode mode) = 0;
  // Every watch event and session state change of the client's session.
  virtual void onWatchEvent(const zookeeper::WatchedEvent& event) = 0;

  // Revocation, for recipes that support it: someone asked the holder to let go.
  virtual bool revocationRequested() const { return revocationRequested_; }
  // Asks the current holder of the lock to release it (writes "revoke" into its node).
  virtual coro::Task<bool> revokeHolder() { co_return false; }

  // The protected work, for a recipe whose service holds the data (a database's inventory row):
  // the driver runs the plan's read and write steps through these instead of its
  // ProtectedResource, and they record the same Resource events. False: the driver's resource.
  virtual bool ownsResource() const { return false; }
  virtual coro::Task<void> readResource(int64_t token) {
    (void)token;
    co_return;
  }
  virtual coro::Task<void> writeResource(int64_t token) {
    (void)token;
    co_return;
  }

  // The driver's Hold step: waits `duration` on the client's process, or less when revocation is
  // requested meanwhile (or was already). True when it ended early because of a revocation.
  coro::Task<bool> holdUnlessRevoked(sim::Micros duration);

 protected:
  void line(CodeLine named) { env_.markLine(named); }
  // For a recipe that owns the resource: a Resource event of this client (a read, a write, or a
  // rejected write and why), as the driver's ProtectedResource records it; a Note otherwise.
  void recordResource(sim::TraceOp op, const std::string& value, const std::string& why,
                      int64_t token);
  void recordNote(const std::string& text);
  // A revocable recipe calls this when a revoker asked the holder to let go; a new lock clears it.
  void requestRevocation();
  void clearRevocation();
  AwaitableZooKeeper& zk() { return *env_.zookeeper; }
  const RecipeParameters& parameters() const { return env_.parameters; }

  RecipeEnvironment& env_;

 private:
  bool revocationRequested_ = false;
  coro::Signal revocation_;
};

struct RecipeDescription {
  std::string_view name;
  std::string_view summary;  // one line, for `lockscope-cli recipes`
  std::vector<std::string_view> pseudocode;
  std::vector<CodeLine> codeLines;  // every line the recipe marks, by name (see code_line.h)
  bool fair = true;                 // grants follow node creation order (FIFO checker)
  bool readWrite = false;           // accepts LockMode::Read / Write
  // Promises mutual exclusion (off: optimistic concurrency, judged on lost updates alone).
  bool excludes = true;
  std::string_view backend = "zookeeper";  // the service: "zookeeper", "redis" or "database"
  std::string_view dialect;                // a database recipe for one server only: "postgresql"
  // Why the recipe runs on the model only (a call the live backend's client lacks); empty: it runs
  // live too. A live run of it is refused before it starts, with this reason.
  std::string_view modelOnly;
  // A recipe that takes no lock (excludes = false) names what "holding" is on a client's card:
  // for a client that acquired in read mode, and for the others. Empty: "holding".
  std::string_view readHeldWord;
  std::string_view heldWord;
  std::function<std::unique_ptr<LockRecipe>(RecipeEnvironment&)> make;
};

// Every recipe, in the order `lockscope-cli recipes` lists them.
const std::vector<RecipeDescription>& recipeCatalog();
// nullptr when no recipe has that name.
const RecipeDescription* findRecipe(std::string_view name);

}  // namespace lockscope::recipes
