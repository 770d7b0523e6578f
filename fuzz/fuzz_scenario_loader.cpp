// Fuzz target: the scenario loader on arbitrary bytes. It must never crash, hang or throw, and
// a refusal must be exactly one non-empty line (the "file:line:col: ..." contract).
#include <cstdint>
#include <cstdlib>
#include <string>

#include "sim/scenario/scenario_loader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const lockscope::scenario::LoadResult result = lockscope::scenario::loadScenarioText(text,
                                                                                       "fuzz.yaml");
  if (!result.scenario && (result.error.empty() || result.error.find('\n') != std::string::npos))
    std::abort();
  return 0;
}
