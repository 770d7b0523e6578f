// The redis-cli console's Redis, without Qt: the model of `lockscope-cli redis-shell`
// (cli::RedisShellModel) and the shell's own line loop over it, fed one typed line at a time,
// with each command written to a trace the stage plays (console_world.h):
//   - the instance, "model:6379", with its clock (Unix time, as TIME answers);
//   - per command, a Request and a Reply from the client "redis-cli", as a model client's request
//     log writes them (backends/api/redis_request_log.h), for the commands the trace has an op
//     for (SET, GET, DEL, EVAL, ...); any other (MULTI, EXEC, HSET, KEYS, ...) is a Note with the
//     command and its reply;
//   - what the command did to the keys, read off the model's keyspace before and after it:
//     KeyChanged with the value and the TTL left, KeyDeleted.
//
// The model's clock follows real time (redis_shell_model.h), and so does the run's: virtual time
// is the time since the console started. A key's TTL runs out whether or not anything is typed,
// so a run also holds, after the present, each key's expiry as it will happen if nothing is typed
// first (the stage drains the TTL bar and takes the key away at its moment, as a server's active
// expiry would); the next command records those that happened and foresees the rest again.
#pragma once

#include <map>
#include <memory>
#include <sstream>
#include <string>

#include "app/cli/redis_shell_model.h"
#include "backends/api/redis_request_log.h"
#include "console_world.h"
#include "recorded_trace.h"
#include "sim/engine/world.h"

namespace lockscope::gui {

class RedisConsoleWorld final : public ConsoleWorld {
 public:
  RedisConsoleWorld();
  RedisConsoleWorld(const RedisConsoleWorld&) = delete;
  RedisConsoleWorld& operator=(const RedisConsoleWorld&) = delete;

  // Nothing: redis-cli prints nothing before its first prompt.
  std::string start() override { return {}; }
  std::string execute(const std::string& line) override;
  // "model:6379> ", as `lockscope-cli redis-shell` prompts on a terminal.
  std::string prompt() const override;
  bool quit() const override { return quit_; }
  bool echoes(const std::string&) const override { return false; }
  std::vector<std::string> scriptLines(const std::string& text) const override;
  std::unique_ptr<RunTimeline> timeline() const override;
  sim::Micros now() const override { return virtualTime(model_.nowMs()); }
  bool realTime() const override { return true; }

  const RecordedTrace& trace() const { return trace_; }

  static constexpr const char* kClient = "redis-cli";

 private:
  using Keys = std::map<std::string, redis::model::StoredValue, std::less<>>;

  redis::Reply send(const redis::Command& argv);
  // The trace's clock moves to `modelMs`, recording the expiries due by then.
  void moveTo(int64_t modelMs);
  // KeyChanged and KeyDeleted for what changed from shown_ to the model's live keys at `modelMs`.
  void recordChanges(const redis::Command& argv, int64_t modelMs);
  sim::Micros virtualTime(int64_t modelMs) const;

  std::ostringstream output_;  // the shell's
  RecordedTrace trace_;        // before the world, which feeds it
  sim::World world_{1};        // the trace's clock and its writer (it draws nothing at random)
  cli::RedisShellModel model_;
  int64_t startMs_;  // the model's clock at virtual time 0
  redis::RedisRequestLog requests_;
  Keys shown_;          // the keys as the trace has them so far
  int64_t offset_ = 0;  // changes written: the instance's replication offset, as the model's
  bool quit_ = false;
};

}  // namespace lockscope::gui
