// The zkCli.sh-compatible shell over the model ZooKeeper, on any streams: what
// `lockscope-cli shell` runs on stdin/stdout/stderr, what the shell's fuzz target
// (fuzz/fuzz_zk_shell.cpp) runs on bytes in memory, and what the GUI's zkCli console feeds one
// typed line at a time. No Qt, no live servers.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

#include "backends/model/zookeeper/zookeeper_model.h"
#include "sim/engine/world.h"
#include "zk_shell.h"

namespace lockscope::cli {

// A world, the model server in it and a shell over it, wired as `lockscope-cli shell` wires them:
// one so that the console and the CLI cannot print differently for the same lines.
class ModelZkShell {
 public:
  // `extendedTypes` is the server's extendedTypesEnabled: off, as on a default server,
  // `create -t` answers Unimplemented.
  ModelZkShell(std::ostream& out, std::ostream& err, uint64_t seed, bool extendedTypes = false);

  // The world, for a trace sink to watch before start().
  sim::World& world() { return world_; }
  ZkShell& shell() { return shell_; }
  // What zkCli prints before its first command, and its first session.
  void start() { shell_.start(kHost); }
  // The name of the client of the `index`-th session (from 1): each `connect` is a new one.
  static std::string clientName(int index) { return "zkCli-" + std::to_string(index); }
  int sessionsOpened() const { return clientsMade_; }

  static constexpr const char* kHost = "model:2181";

 private:
  sim::World world_;
  zookeeper::model::ZooKeeperModel model_;
  int clientsMade_ = 0;
  ZkShell shell_;
};

// Reads commands from `in` until its end or `quit`; returns zkCli's exit code for the session
// (that of the last command: 0, 1, or 127 after an unknown command).
int runModelZkShell(std::istream& in, std::ostream& out, std::ostream& err, uint64_t seed,
                    bool extendedTypes = false);

}  // namespace lockscope::cli
