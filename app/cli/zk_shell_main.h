// `lockscope-cli shell [--seed N]`: the zkCli.sh-compatible shell over the model ZooKeeper.
#pragma once

#include <QStringList>
#include <string>
#include <vector>

namespace lockscope::cli {

// The subcommand as main.cpp's table calls it: `arguments` starts with "shell".
int shellCommand(const QStringList& arguments);

// `arguments` are the words after "shell". Reads commands from stdin until its end or `quit`.
// Returns zkCli's exit code for the session (that of the last command: 0, 1, or 127 after an
// unknown command), or kExitBadInput for bad usage.
int runZkShell(const std::vector<std::string>& arguments);
// The same shell against live servers ("host:port,..."), which must be reachable.
int runLiveZkShell(const std::string& servers);

}  // namespace lockscope::cli
