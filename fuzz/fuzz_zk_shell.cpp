// Fuzz target: the zkCli.sh-compatible shell (its tokenizer, option parser and every command)
// over the model ZooKeeper, fed arbitrary bytes as its input lines. It must never crash, hang
// or throw; what it prints is judged by tst_zkcli_differential, not here.
#include <cstdint>
#include <sstream>
#include <string>

#include "app/cli/zk_shell_model.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::ostringstream out, err;
  lockscope::cli::runModelZkShell(in, out, err, 1);
  return 0;
}
