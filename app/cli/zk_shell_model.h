// The zkCli.sh-compatible shell over the model ZooKeeper, on any streams: what
// `lockscope-cli shell` runs on stdin/stdout/stderr, and what the shell's fuzz target
// (fuzz/fuzz_zk_shell.cpp) runs on bytes in memory. No Qt, no live servers.
#pragma once

#include <cstdint>
#include <iosfwd>

namespace lockscope::cli {

// Reads commands from `in` until its end or `quit`; returns zkCli's exit code for the session
// (that of the last command: 0, 1, or 127 after an unknown command). `extendedTypes` is the
// server's extendedTypesEnabled: off, as on a default server, `create -t` answers Unimplemented.
int runModelZkShell(std::istream& in, std::ostream& out, std::ostream& err, uint64_t seed,
                    bool extendedTypes = false);

}  // namespace lockscope::cli
