// A lesson's `challenge:` block: a "break it" task the checkers grade (docs/scenario-format.md,
// "Challenges"):
//
//   challenge:
//     id: redis-pause-two-holders      # the file's own name in scenarios/challenges/
//     goal: {en: Make redis-lock grant the lock twice, zh: 让 redis-lock 把锁同时给两个客户端}
//     break: mutual_exclusion          # a violation kind the checkers report
//     budget: {faults: 1, kinds: [pause]}   # or `budget: 1`: one fault of any kind
//
// The reader only checks the shape; challenge_grade.h grades a run against it.
#pragma once

#include <yaml-cpp/yaml.h>

#include "scenario.h"
#include "yaml_reader.h"

namespace lockscope::scenario {

// The most faults a budget may allow: a challenge is about one idea, and the GUI shows the budget
// in one line.
inline constexpr int kMaxChallengeFaults = 10;

// Reads the mapping at `node` (the top-level `challenge:`, found at `path`).
Challenge readChallenge(const YamlReader& reader, const YAML::Node& node, const std::string& path);

}  // namespace lockscope::scenario

namespace lockscope::scenario {

// Where a challenge's original lives in a lessons folder: "<folder>/challenges/<id>.yaml".
inline std::string challengeOriginalPath(const std::string& lessonFolder, const std::string& id) {
  return lessonFolder + "/challenges/" + id + ".yaml";
}

}  // namespace lockscope::scenario
