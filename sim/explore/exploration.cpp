#include "exploration.h"

namespace lockscope::explore {

Result<Exploration> exploreLesson(const scenario::Scenario& lesson,
                                  const ExplorationRequest& request, const ScenarioRunner& runner) {
  Exploration exploration;
  exploration.search = randomSearch(lesson, request.search, runner);
  if (!exploration.search.found) return exploration;
  return shrinkFound(lesson, request, std::move(exploration), runner);
}

Result<Exploration> shrinkFound(const scenario::Scenario& lesson, const ExplorationRequest& request,
                                Exploration exploration, const ScenarioRunner& runner) {
  const Shrunk& shrunk = exploration.shrunk.emplace(
      shrink(lesson, *exploration.search.found, runner));
  const run::RunReport& replay = exploration.replay.emplace(
      runner(applyCandidate(lesson, shrunk.candidate)));
  if (request.lessonText) {
    Result<std::string> text = requestedLessonText(lesson, request, shrunk.candidate, replay,
                                                   shrunk.violation);
    if (!text) return text.status();
    exploration.lessonText = std::move(*text);
  }
  return exploration;
}

Result<std::string> requestedLessonText(const scenario::Scenario& lesson,
                                        const ExplorationRequest& request,
                                        const Candidate& candidate, const run::RunReport& report,
                                        const checkers::Violation& violation,
                                        std::optional<std::vector<uint32_t>> schedule) {
  return foundLessonText({.lessonText = *request.lessonText,
                          .lesson = &lesson,
                          .candidate = candidate,
                          .report = &report,
                          .violation = violation,
                          .command = request.command,
                          .lessonFaultsDropped = request.lessonFaultsDropped,
                          .overrides = request.overrides,
                          .schedule = std::move(schedule)});
}

}  // namespace lockscope::explore
