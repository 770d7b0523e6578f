#include "redis_shell_model.h"

#include "backends/model/redis/lua_engine.h"

namespace lockscope::cli {

RedisShellModel::RedisShellModel()
    : scriptRandom_(redis::model::LuaEngine::kFreshRandomState),
      startUnixMs_(std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count()),
      start_(std::chrono::steady_clock::now()) {}

int64_t RedisShellModel::nowMs() const {
  const auto elapsed = std::chrono::steady_clock::now() - start_;
  return startUnixMs_ + std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count();
}

redis::Reply RedisShellModel::execute(const redis::Command& argv) {
  return connection_.execute(argv, nowMs());
}

}  // namespace lockscope::cli
