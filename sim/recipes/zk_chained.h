// zk-chained's acquire loop, shared by the variants that break one step of it: zk-persistent and
// zk-no-guid (the create), zk-lost-watch and zk-lost-watch-exists (the watch), zk-no-recheck
// (what a wake-up means). Each variant overrides only its flaw, so its file shows just that.
#pragma once

#include <string_view>
#include <vector>

#include "lock_steps.h"

namespace lockscope::recipes {

// zk-chained's named lines (lines 1 and 2 are kGuidCreate and kGuidRecover). Its variants keep
// the numbers and replace only the text, so each claim holds for every variant's text too.
inline constexpr CodeLine kChainedList{3, "getChildren("};
inline constexpr CodeLine kChainedCheck{4, "children[0]"};
inline constexpr CodeLine kChainedPredecessor{5, "predecessor"};
inline constexpr CodeLine kChainedWatch{6, "watch=true"};
inline constexpr CodeLine kChainedWait{7, "wait for"};
inline constexpr CodeLine kChainedGiveUp{8, "give up"};
inline constexpr CodeLine kChainedRelease{9, "release:"};
std::vector<CodeLine> chainedCodeLines();

// The create step (pseudocode lines 1 and 2).
struct ChainedCreate {
  CreateMode mode = CreateMode::EphemeralSequential;
  bool findByGuid = true;  // after ConnectionLoss, look for our GUID before creating again
};

class ChainedRecipe : public SingleNodeRecipe {
 public:
  explicit ChainedRecipe(RecipeEnvironment& environment, ChainedCreate create = {})
      : SingleNodeRecipe(environment, kChainedRelease), create_(create) {}

  coro::Task<AcquireResult> acquire(LockMode mode) override;

 protected:
  enum class Next { ListAgain, Wait, Fail };
  struct WatchOutcome {
    Next next = Next::Wait;
    ErrorCode rc = ErrorCode::Ok;  // Next::Fail
  };
  // Line 6, with watched_ set to the predecessor: exists(watch=true); null: list again.
  virtual coro::Task<WatchOutcome> watchPredecessor();
  // After a wake-up (line 7): whether the recipe takes the lock without listing again.
  virtual bool ownsAfterWakeUp() const { return false; }

 private:
  coro::Task<CreateResult> createBlindly(CreateMode mode);

  ChainedCreate create_;
};

// zk-chained's pseudocode; a variant replaces the lines it changes.
struct ChainedText {
  std::string_view create = "node = create(\"/lock/<guid>-lock-\", EPHEMERAL_SEQUENTIAL)";
  std::string_view recover =
      "ConnectionLoss: look for <guid>- in getChildren(\"/lock\"); found: that is node; "
      "else go to 1";
  std::string_view predecessor = "predecessor = the child just before node";
  std::string_view watch = "if exists(predecessor, watch=true) == null: go to 3";
  std::string_view wait = "wait for the watch to fire (or the deadline), then go to 3";
  std::string_view release = "release: delete(node)";
};
std::vector<std::string_view> chainedPseudocode(const ChainedText& text);

}  // namespace lockscope::recipes
