// One simulated lock user: a process that runs its plan for a number of rounds through a recipe,
// working on the protected resource while it believes it holds the lock.
//
// It writes what it believes into the trace (lock acquiring / acquired / released, resource read
// and write, the pseudocode line it is on); the checkers judge those beliefs against each other.
// Like Curator, it opens a new session when its session expired; a restart after a crash starts a
// new session and recipe and goes on with the next round.
#pragma once

#include <memory>
#include <string>

#include "client_plan.h"
#include "protected_resource.h"
#include "service_connector.h"
#include "sim/coro/callback_awaiter.h"
#include "sim/coro/task.h"
#include "sim/recipes/lock_recipe.h"

namespace lockscope::clients {

class LockClient {
 public:
  enum class Phase { NotStarted, Idle, Acquiring, Holding, Releasing, Done };

  LockClient(sim::World& world, ServiceConnector& connector,
             const recipes::RecipeDescription& recipe, recipes::RecipeParameters parameters,
             ClientSpec spec, ProtectedResource& resource);
  ~LockClient();

  const std::string& name() const { return spec_.name; }
  Phase phase() const { return phase_; }
  bool finished() const { return phase_ == Phase::Done; }

  // Schedules the first round at spec.startAt.
  void start();
  // After the process restarted: a new session and recipe, from the next round.
  void restart();

  // The current session, for faults that act on it (nullptr before start).
  zookeeper::ZooKeeperClient* session() { return session_.get(); }

 private:
  coro::Task<void> run();
  coro::Task<void> acquire(recipes::LockMode mode);
  coro::Task<void> release(recipes::LockMode mode);
  void openSession();
  void tearDown();

  sim::World& world_;
  ServiceConnector& connector_;
  const recipes::RecipeDescription& description_;
  recipes::RecipeParameters parameters_;
  ClientSpec spec_;
  ProtectedResource& resource_;

  Phase phase_ = Phase::NotStarted;
  int round_ = 0;
  int held_ = 0;  // nested acquisitions currently held
  bool roundAbandoned_ = false;
  bool sessionExpired_ = false;
  int64_t token_ = 0;
  std::string node_;

  // One incarnation: destroyed in reverse order (task first, so no frame outlives its recipe).
  std::unique_ptr<zookeeper::ZooKeeperClient> session_;
  std::vector<std::unique_ptr<redis::RedisClient>> redis_;  // a Redis run's connections
  std::unique_ptr<sql::SqlClient> sql_;                     // a database run's connection
  std::unique_ptr<recipes::RecipeEnvironment> environment_;
  std::unique_ptr<recipes::LockRecipe> recipe_;
  coro::Lifetime life_;
  coro::Task<void> task_;
};

const char* lockClientPhaseName(LockClient::Phase phase);

}  // namespace lockscope::clients
