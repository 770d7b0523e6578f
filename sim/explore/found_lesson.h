// A found counterexample written as a lesson in the normal scenario format, made from the
// explored lesson's own text (its recipe, settings and client plans stay as the author wrote
// them): the shrunk seed and clients, the faults at exact virtual times, narration generated for
// each fault and for the moment the violation shows (in English and Chinese: found_lesson_zh.h),
// and an `expect:` naming what it violates, so `lockscope-cli run` and `check` reproduce it and
// the GUI opens it like any lesson.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "candidate.h"
#include "sim/engine/status.h"
#include "sim/run/scenario_run.h"
#include "sim/scenario/scenario_loader.h"

namespace lockscope::explore {

struct FoundLessonInput {
  std::string lessonText;  // the explored lesson's file, as read
  const scenario::Scenario* lesson = nullptr;
  Candidate candidate;                     // shrunk
  const run::RunReport* report = nullptr;  // the candidate's run
  checkers::Violation violation;           // the hunted one it shows first
  std::string command;  // how it was found, for the header ("lockscope-cli explore ...")
  bool lessonFaultsDropped = false;  // explored without the lesson's own faults (--drop-faults)
  std::vector<scenario::Override> overrides;  // --set, written into the lesson's text
  // Set: the run follows this schedule (`schedule:`, sim/engine/schedule_chooser.h), found by
  // `explore --mode bfs|dfs` and written unshrunk (breadth-first's has the fewest deviations).
  std::optional<std::vector<uint32_t>> schedule;
};

// Whether foundLessonText can write these overrides into a lesson: top-level keys only (a
// dotted key would need the nested block rewritten).
Status overridesWritable(const std::vector<scenario::Override>& overrides);

// The lesson's text; a failure when the lesson's clients cannot be cut down in its form (a flow
// list).
Result<std::string> foundLessonText(const FoundLessonInput& input);

// "mutual exclusion is broken" for "mutual_exclusion"; the kind itself when unknown.
std::string violationWords(const std::string& kind);
// The same in Chinese: "互斥被打破".
std::string violationWordsZh(const std::string& kind);

}  // namespace lockscope::explore
