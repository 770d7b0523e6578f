#include "lock_recipe.h"

#include "sim/engine/check.h"

namespace lockscope::recipes {

std::string failureText(const AcquireResult& result) {
  switch (result.failure) {
    case AcquireFailure::None: return "";
    case AcquireFailure::TimedOut: return "timed out";
    case AcquireFailure::CallFailed: return std::string(zookeeper::errorCodeName(result.rc));
    case AcquireFailure::UpgradeRefused: return "upgrade refused";
    case AcquireFailure::NoQuorum: return "no quorum (" + result.detail + ")";
    case AcquireFailure::NoValidity: return "validity <= 0 (" + result.detail + ")";
    case AcquireFailure::StatementFailed: return result.detail;
  }
  LOCKSCOPE_CHECK(false, "an AcquireFailure with no text");
  return "";
}

coro::Task<bool> LockRecipe::holdUnlessRevoked(sim::Micros duration) {
  if (revocationRequested()) co_return true;
  co_return co_await revocation_.wait(duration);
}

// Events are built from named strings: GCC 12 miscompiles a temporary inside a designated
// initializer in a coroutine ("array used as initializer"), so callers in coroutines come here.
void LockRecipe::recordResource(sim::TraceOp op, const std::string& value, const std::string& why,
                                int64_t token) {
  env_.world.record({.kind = sim::TraceKind::Resource,
                     .actor = env_.clientName,
                     .op = op,
                     .value = value,
                     .detail = why,
                     .request = token});
}

void LockRecipe::recordNote(const std::string& text) {
  env_.world.record({.kind = sim::TraceKind::Note, .actor = env_.clientName, .detail = text});
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
