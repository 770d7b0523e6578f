// A lock-recipe run for tests: one World (seeded), the ZooKeeper model (tickTime 200 ms, default
// latency), lock clients driven by sim/clients, the protected resource, and a recording of the
// trace. Tests assert on the trace: lock acquired / released, resource reads and writes, watch
// deliveries, created nodes.
#pragma once

#include <QtTest>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "backends/model/zookeeper/zookeeper_model.h"
#include "backends/model/zookeeper_model_connector.h"
#include "sim/clients/lock_client.h"
#include "sim/clients/protected_resource.h"
#include "sim/recipes/lock_recipe.h"
#include "sim/trace/trace_sinks.h"

namespace lockscope::testing {

using Micros = sim::Micros;
using sim::fromMillis;
using sim::fromSeconds;

// One client's time holding the lock, from its acquired event to the start of its last release
// (or, when it never released, to the end of the run: `released` is false).
struct Holding {
  std::string client;
  std::string mode;  // "exclusive", "read", "write"
  std::string node;
  Micros from = 0;
  Micros to = 0;
  bool released = false;
};

// A recipe driven by the test itself rather than by a LockClient, to call what the driver does
// not (revocationRequested, holdUnlessRevoked).
struct DirectRecipe {
  coro::Lifetime life = coro::makeLifetime();
  std::unique_ptr<zookeeper::ZooKeeperClient> session;
  std::unique_ptr<recipes::RecipeEnvironment> environment;
  std::unique_ptr<recipes::LockRecipe> recipe;
};

class LockHarness {
 public:
  explicit LockHarness(uint64_t seed = 1);
  ~LockHarness();
  LockHarness(const LockHarness&) = delete;
  LockHarness& operator=(const LockHarness&) = delete;

  // Creates persistent nodes (the lock parents) with a setup client that then closes.
  void createPaths(const std::vector<std::string>& paths);

  // A lock client running `recipe`; spec.startAt counts from now. Started by start().
  clients::LockClient& addClient(clients::ClientSpec spec, std::string_view recipe,
                                 recipes::RecipeParameters parameters = {});
  // `count` clients c0, c1, ... with the default plan (acquire, read, hold, write, release),
  // starting `spacing` apart.
  void addClients(int count, std::string_view recipe, Micros hold,
                  recipes::RecipeParameters parameters = {}, Micros spacing = 0, int rounds = 1);
  void start();
  // A recipe on a session of its own, named `name`, not driven by any LockClient.
  std::unique_ptr<DirectRecipe> direct(const std::string& name, std::string_view recipe,
                                       recipes::RecipeParameters parameters = {});
  // Runs `task` (already started or not) until it finished or until now + budget.
  template <typename T>
  bool runTask(coro::Task<T>& task, Micros budget = fromSeconds(60)) {
    task.start();
    return runUntil([&] { return task.done(); }, budget);
  }

  // Runs until every client finished, or until now + budget. Returns whether all finished.
  bool runUntilFinished(Micros budget = fromSeconds(120));
  // Runs until `done` holds, or until now + budget.
  bool runUntil(const std::function<bool()>& done, Micros budget = fromSeconds(120));
  void runFor(Micros duration) { world.runUntilTime(world.now() + duration); }
  // Runs until the trace has a Lock event `op` by `client`.
  bool runUntilLock(const std::string& client, sim::LockOp op, Micros budget = fromSeconds(120));

  clients::LockClient& client(const std::string& name);
  sim::Process& process(const std::string& name) { return *model.process(name); }
  // The model session behind a client's current ZooKeeper handle (for loseNextReply).
  zookeeper::model::ClientSession& session(const std::string& name);
  int64_t sessionId(const std::string& name) { return client(name).session()->sessionId(); }

  // --- trace queries ---
  // Events of `kind`, optionally only by `actor` and with `op`.
  std::vector<sim::RecordedEvent> events(sim::TraceKind kind, std::string_view actor = {},
                                         sim::TraceOp op = {}) const;
  // Lock events `op` by `client` (all clients when empty).
  std::vector<sim::RecordedEvent> lockEvents(sim::LockOp op, std::string_view client = {}) const;
  // Every holding interval, in the order they began.
  std::vector<Holding> holdings() const;
  // Pairs of intervals of different clients that overlap in time, readers with readers excepted.
  int overlaps() const;
  // Most holders of `mode` at once.
  int maxConcurrent(std::string_view mode) const;
  // Node events delivered to clients (WatchDelivered with a node event type) in [from, to).
  int notificationsBetween(Micros from, Micros to, std::string_view type = {}) const;
  // Nodes created under `parent` by `client`'s sessions (all clients when empty).
  std::vector<std::string> nodesCreated(const std::string& parent,
                                        std::string_view client = {}) const;
  std::vector<std::string> childrenOf(const std::string& parent) const;

  sim::World world;
  sim::TraceRecorder trace;
  zookeeper::model::ZooKeeperModel model;
  model::ZooKeeperModelConnector connector;
  clients::ProtectedResource resource;
  std::vector<std::unique_ptr<clients::LockClient>> clients;

 private:
  bool allFinished() const;
};

// The sequence suffix of a node path ("/lock/x-lock-0000000007" -> 7), -1 when none.
long long sequenceOf(const std::string& path);

}  // namespace lockscope::testing
