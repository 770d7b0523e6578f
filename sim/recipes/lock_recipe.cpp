#include "lock_recipe.h"

namespace lockscope::recipes {

coro::Task<bool> LockRecipe::holdUnlessRevoked(sim::Micros duration) {
  if (revocationRequested()) co_return true;
  co_return co_await revocation_.wait(duration);
}

void LockRecipe::requestRevocation() {
  if (revocationRequested_) return;
  revocationRequested_ = true;
  revocation_.notify();
}

void LockRecipe::clearRevocation() {
  revocationRequested_ = false;
  revocation_.clear();
}

}  // namespace lockscope::recipes
