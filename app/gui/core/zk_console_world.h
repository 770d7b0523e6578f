// The zkCli console's ZooKeeper, without Qt: the model server and the shell of
// `lockscope-cli shell` (cli::ModelZkShell), fed one typed line at a time, with a recording of
// every trace event the commands cause (console_world.h). Its clock is the model's virtual one:
// it moves only while a command runs, and the stage plays each command's messages as they travel.
#pragma once

#include <cstdint>
#include <memory>
#include <sstream>
#include <string>

#include "app/cli/zk_shell_model.h"
#include "console_world.h"
#include "recorded_trace.h"
#include "run_timeline.h"

namespace lockscope::gui {

class ZkConsoleWorld final : public ConsoleWorld {
 public:
  explicit ZkConsoleWorld(uint64_t seed = 1);
  ZkConsoleWorld(const ZkConsoleWorld&) = delete;
  ZkConsoleWorld& operator=(const ZkConsoleWorld&) = delete;

  // The banner and its first session's connection.
  std::string start() override;
  std::string execute(const std::string& line) override;
  std::string prompt() const override { return model_.shell().prompt(); }
  bool quit() const override { return model_.shell().quit(); }
  bool echoes(const std::string& line) const override;
  std::vector<std::string> scriptLines(const std::string& text) const override;
  // One client per session the shell opened (zkCli-1, zkCli-2, ...).
  std::unique_ptr<RunTimeline> timeline() const override;
  sim::Micros now() const override { return model_.world().now(); }
  bool realTime() const override { return false; }

  const RecordedTrace& trace() const { return trace_; }

 private:
  std::string takeOutput();

  std::ostringstream output_;  // before the shell, which writes to it
  RecordedTrace trace_;        // before the world, which feeds it
  mutable cli::ModelZkShell model_;
};

}  // namespace lockscope::gui
