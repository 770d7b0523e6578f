#include "recording_text.h"

#include <yaml-cpp/yaml.h>
#include <algorithm>

#include "sim/scenario/scenario_loader.h"
#include "sim/scenario/scenario_patch.h"

namespace lockscope::gui {
namespace {

// The faults as their file entries, sorted: two lists hold the same faults when these are equal.
std::vector<std::string> entries(const std::vector<scenario::Fault>& faults) {
  std::vector<std::string> all;
  for (const scenario::Fault& fault : faults) all.push_back(scenario::faultEntry(fault, 0));
  std::sort(all.begin(), all.end());
  return all;
}

// Empty when `text` loads with exactly `wanted` faults; else what went wrong.
std::string keepsAll(const std::string& text, const std::vector<std::string>& wanted,
                     const std::string& name) {
  const auto loaded = scenario::loadScenarioText(text, name);
  if (!loaded.scenario) return loaded.error;
  if (entries(loaded.scenario->faults) != wanted) return name + ": the recording would lose faults";
  return {};
}

// The document re-emitted from its YAML tree, in block style, with the seed and clicked faults.
std::string reemitted(const std::string& fileText, const std::vector<scenario::Fault>& clicked,
                      std::uint64_t seed) {
  try {
    YAML::Node root = YAML::Load(fileText);
    root.SetStyle(YAML::EmitterStyle::Block);
    root["seed"] = seed;
    YAML::Node faults = root["faults"];
    if (!faults.IsSequence()) faults = YAML::Node(YAML::NodeType::Sequence);
    for (const scenario::Fault& fault : clicked)
      faults.push_back(YAML::Load(scenario::faultEntry(fault, 0))[0]);
    faults.SetStyle(YAML::EmitterStyle::Block);
    root["faults"] = faults;
    YAML::Emitter out;
    out << root;
    return std::string(out.c_str()) + "\n";
  } catch (const YAML::Exception&) {
    return {};  // the loader already read this text: only a yaml-cpp limit gets here
  }
}

}  // namespace

RecordingText recordingText(const std::string& fileText,
                            const std::vector<scenario::Fault>& fileFaults,
                            const std::vector<scenario::Fault>& clicked, std::uint64_t seed,
                            const std::string& name) {
  std::vector<scenario::Fault> all = fileFaults;
  all.insert(all.end(), clicked.begin(), clicked.end());
  const std::vector<std::string> wanted = entries(all);
  const std::string patched = scenario::appendFaults(
      scenario::setTopLevelKey(fileText, "seed", std::to_string(seed)), clicked);
  if (keepsAll(patched, wanted, name).empty()) return {patched, {}};
  const std::string tree = reemitted(fileText, clicked, seed);
  const std::string problem = keepsAll(tree, wanted, name);
  if (problem.empty()) return {tree, {}};
  return {{}, problem};
}

}  // namespace lockscope::gui
