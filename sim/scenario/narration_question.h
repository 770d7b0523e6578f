// A narration step's `question:` block: the class is asked what happens next, with the answers
// the author wrote, and the run then shows which was right (docs/scenario-format.md):
//
//   question:
//     ask: {en: When does c2 get the lock?, zh: c2 什么时候拿到锁？}
//     answers:
//       - {en: At once, zh: 立刻}
//       - {en: After c1's session expires, zh: c1 的会话过期之后}
//     right: 2          # the answers' number as the GUI shows it, from 1
//
// Lessons hold the right answer to the run: the step after the question tells it, and the
// stage plays it. The reader only checks the shape; `lockscope-cli check` runs the lesson.
#pragma once

#include <yaml-cpp/yaml.h>

#include "scenario.h"
#include "yaml_reader.h"

namespace lockscope::scenario {

// Reads the mapping at `node` (a step's `question:`, found at `path`).
NarrationQuestion readNarrationQuestion(const YamlReader& reader, const YAML::Node& node,
                                        const std::string& path);

}  // namespace lockscope::scenario
