// One exploration as `lockscope-cli explore` and the app's "Break it" make it: search, shrink the
// counterexample found, run it once more for its report, and write it as a lesson when the
// lesson's text is given.
#pragma once

#include <optional>
#include <string>

#include "found_lesson.h"
#include "random_search.h"
#include "shrinker.h"

namespace lockscope::explore {

struct ExplorationRequest {
  RandomSearchOptions search;
  // Set: write the counterexample as a lesson made from this text (found_lesson.h).
  std::optional<std::string> lessonText;
  std::string command;  // for the lesson's header
  bool lessonFaultsDropped = false;
  std::vector<scenario::Override> overrides;
};

struct Exploration {
  SearchResult search;
  std::optional<Shrunk> shrunk;          // when a violation was found
  std::optional<run::RunReport> replay;  // the shrunk candidate's run
  std::string lessonText;                // when asked for and found
};

// A failure only when the found lesson cannot be written (found_lesson.h).
Result<Exploration> exploreLesson(const scenario::Scenario& lesson,
                                  const ExplorationRequest& request, const ScenarioRunner& runner);

// The half every mode shares once it has a counterexample that `runner` reproduces: shrinks
// `found`, runs the shrunk candidate once more and writes its lesson when asked, into
// `exploration`. A failure only when the found lesson cannot be written.
Status shrinkAndWrite(const scenario::Scenario& lesson, const ExplorationRequest& request,
                      const Found& found, const ScenarioRunner& runner, Exploration& exploration);

// shrinkAndWrite for `exploration.search.found` (set).
Result<Exploration> shrinkFound(const scenario::Scenario& lesson, const ExplorationRequest& request,
                                Exploration exploration, const ScenarioRunner& runner);

// The found lesson `request` asks for (its lessonText set): `candidate`'s, with `report` its run,
// and its schedule pinned when given.
Result<std::string> requestedLessonText(const scenario::Scenario& lesson,
                                        const ExplorationRequest& request,
                                        const Candidate& candidate, const run::RunReport& report,
                                        const checkers::Violation& violation,
                                        std::optional<std::vector<uint32_t>> schedule = {});

}  // namespace lockscope::explore
