#include "redis_shell_model.h"

#include <limits>
#include <optional>

#include "backends/model/redis/command_executor.h"
#include "backends/model/redis/lua_engine.h"

namespace lockscope::cli {

using redis::model::CommandExecutor;

RedisShellModel::RedisShellModel()
    : scriptRandom_(redis::model::LuaEngine::kFreshRandomState),
      startUnixMs_(std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count()),
      start_(std::chrono::steady_clock::now()) {}

int64_t RedisShellModel::nowMs() const {
  const auto elapsed = std::chrono::steady_clock::now() - start_;
  return startUnixMs_ + blockedMs_ +
         std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count();
}

redis::Reply RedisShellModel::execute(const redis::Command& argv) {
  const int64_t now = nowMs();
  std::optional<CommandExecutor::BlockedWait> blocked;
  const auto run = [&](const std::vector<redis::Command>& commands, bool inTransaction) {
    std::vector<redis::model::KeyChange> changes;
    CommandExecutor executor(keys_, now, changes, &scriptRandom_, &scripts_);
    executor.setReplication([this] { return replication_; });
    executor.setInTransaction(inTransaction);
    std::vector<redis::Reply> replies;
    for (const redis::Command& command : commands) replies.push_back(executor.execute(command));
    blocked = executor.blocked();
    for (const redis::model::KeyChange& change : changes) connection_.touched(change);
    return replies;
  };
  redis::Reply reply = connection_.execute(argv, now, run);
  if (!blocked) return reply;
  // No replica will ever acknowledge: the server answers when the timeout ends, with the count
  // it had (none), or never (no timeout, or one past the end of the clock).
  if (blocked->timeoutMs == 0 || blocked->timeoutMs > std::numeric_limits<int64_t>::max() - now) {
    return {redis::ReplyType::Timeout,
            "WAIT " + std::to_string(blocked->replicas) + " " + std::to_string(blocked->timeoutMs) +
                " would block forever: the model has no replica to acknowledge",
            0,
            {}};
  }
  blockedMs_ += blocked->timeoutMs;
  return reply;
}

}  // namespace lockscope::cli
