// Fuzz target: one `--set key=value` argument applied to a small valid scenario. Parsing the
// argument and applying it must never crash, hang or throw; a refusal is one non-empty line.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "sim/scenario/scenario_loader.h"

namespace {
const char* const kScenario =
    "title: t\nrecipe: zk-chained\nclients: 3\nfaults:\n  - {at: 1s, crash: c1}\n"
    "expect: {mutual_exclusion: holds}\n";
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string argument(reinterpret_cast<const char*>(data), size);
  lockscope::scenario::Override override;
  if (!lockscope::scenario::parseOverride(argument, override)) return 0;
  const lockscope::scenario::LoadResult result = lockscope::scenario::loadScenarioText(
      kScenario, "fuzz.yaml", {override});
  if (!result.scenario && (result.error.empty() || result.error.find('\n') != std::string::npos))
    std::abort();
  return 0;
}
