// The zkCli console's ZooKeeper, without Qt: the model server and the shell of
// `lockscope-cli shell` (cli::ModelZkShell), fed one typed line at a time, with a recording of
// every trace event the commands cause - so that what the console prints is what the CLI prints
// for the same lines, and the stage can show each command's messages as a run.
#pragma once

#include <cstdint>
#include <memory>
#include <sstream>
#include <string>

#include "app/cli/zk_shell_model.h"
#include "recorded_trace.h"
#include "run_timeline.h"

namespace lockscope::gui {

class ZkConsoleWorld {
 public:
  explicit ZkConsoleWorld(uint64_t seed = 1);
  ZkConsoleWorld(const ZkConsoleWorld&) = delete;
  ZkConsoleWorld& operator=(const ZkConsoleWorld&) = delete;

  // What zkCli prints at start-up (the banner and its first session's connection).
  std::string start();
  // What one line prints: command output, watch events and errors in the order zkCli writes them
  // (the CLI's stdout and stderr, interleaved as a terminal shows them).
  std::string execute(const std::string& line);
  // The prompt zkCli shows before the next command.
  std::string prompt() const { return model_.shell().prompt(); }
  bool quit() const { return model_.shell().quit(); }

  const RecordedTrace& trace() const { return trace_; }
  // Everything so far as a run: one client per session the shell opened (zkCli-1, zkCli-2, ...).
  std::unique_ptr<RunTimeline> timeline() const;

 private:
  std::string takeOutput();

  std::ostringstream output_;  // before the shell, which writes to it
  RecordedTrace trace_;        // before the world, which feeds it
  mutable cli::ModelZkShell model_;
};

}  // namespace lockscope::gui
