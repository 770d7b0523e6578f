// zk-ephemeral: the non-fair lock. Everyone races to create one EPHEMERAL node; the losers watch
// it with exists and race again when it goes, so every release wakes every waiter (a herd on a
// single node) and the winner is whoever's create arrives first, not who waited longest.
#include "lock_steps.h"
#include "zk_recipes.h"

namespace lockscope::recipes {
namespace {

constexpr CodeLine kCreate{1, "create("};
constexpr CodeLine kCreated{2, "created:"};
constexpr CodeLine kWatchOwner{3, "exists("};
constexpr CodeLine kOwnSession{4, "our own session"};
constexpr CodeLine kWait{5, "wait for"};
constexpr CodeLine kGiveUp{6, "give up"};
constexpr CodeLine kRelease{7, "release:"};

class ZkEphemeral final : public SingleNodeRecipe {
 public:
  explicit ZkEphemeral(RecipeEnvironment& environment) : SingleNodeRecipe(environment, kRelease) {}

  coro::Task<AcquireResult> acquire(LockMode) override {
    const std::string owner = parameters().lockPath + "/owner";
    const Deadline deadline(env_.world, parameters().acquireTimeoutMs);
    watched_ = owner;
    for (int losses = 0;;) {
      line(kCreate);
      const CreateResult created = co_await zk().create(owner, env_.clientName,
                                                        CreateMode::Ephemeral);
      line(kCreated);
      if (created.rc == ErrorCode::Ok) co_return holding(owner, created.stat);
      if (created.rc == ErrorCode::ConnectionLoss && ++losses <= kConnectionLossRetries) continue;
      if (created.rc != ErrorCode::NodeExists)
        co_return giveUpAt(kGiveUp, failedResult(created.rc));
      wakeUp_.clear();
      line(kWatchOwner);
      const StatResult current = co_await retrying([&] { return zk().exists(owner, true); });
      if (current.rc == ErrorCode::NoNode) continue;  // gone already: race again
      if (current.rc != ErrorCode::Ok) co_return giveUpAt(kGiveUp, failedResult(current.rc));
      line(kOwnSession);
      if (current.stat->ephemeralOwner == zk().client().sessionId()) {
        co_return holding(owner, *current.stat);  // our create went through; its reply was lost
      }
      line(kWait);
      const bool woken = co_await waitForWakeUp(wakeUp_, deadline);
      if (!woken) co_return giveUpAt(kGiveUp, failedResult(AcquireFailure::TimedOut));
    }
  }

 private:
  AcquireResult holding(const std::string& owner, const Stat& stat) {
    node_ = owner;
    return acquiredResult(owner, stat);
  }
  // The node is not ours: nothing to delete.
  AcquireResult giveUpAt(CodeLine giveUpLine, AcquireResult failure) {
    line(giveUpLine);
    return failure;
  }
};

}  // namespace

RecipeDescription describeZkEphemeral() {
  return RecipeDescription{
      .name = "zk-ephemeral",
      .summary =
          "Non-fair: all race to create one EPHEMERAL node; NodeExists: exists(watch) on "
          "it, then race again (a herd on one node)",
      .pseudocode =
          {
              "create(\"/lock/owner\", EPHEMERAL)",
              "created: the lock is ours",
              "NodeExists: exists(\"/lock/owner\", watch=true); null: go to 1",
              "its owner is our own session (a create whose reply was lost): the lock is ours",
              "wait for the watch to fire (or the deadline), then go to 1",
              "timed out or failed: give up",
              "release: delete(\"/lock/owner\")",
          },
      .codeLines = {kCreate, kCreated, kWatchOwner, kOwnSession, kWait, kGiveUp, kRelease},
      .fair = false,
      .make = makeRecipe<ZkEphemeral>,
  };
}

}  // namespace lockscope::recipes
