#include "exploration.h"

namespace lockscope::explore {

Result<Exploration> exploreLesson(const scenario::Scenario& lesson,
                                  const ExplorationRequest& request, const ScenarioRunner& runner) {
  Exploration exploration;
  exploration.search = randomSearch(lesson, request.search, runner);
  if (!exploration.search.found) return exploration;
  if (Status written = shrinkAndWrite(lesson, request, *exploration.search.found, runner,
                                      exploration);
      !written)
    return written;
  return exploration;
}

Status shrinkAndWrite(const scenario::Scenario& lesson, const ExplorationRequest& request,
                      const Found& found, const ScenarioRunner& runner, Exploration& exploration) {
  const Shrunk& shrunk = exploration.shrunk.emplace(shrink(lesson, found, runner));
  const run::RunReport& replay = exploration.replay.emplace(
      runner(applyCandidate(lesson, shrunk.candidate)));
  if (request.lessonText) {
    Result<std::string> text = requestedLessonText(lesson, request, shrunk.candidate, replay,
                                                   shrunk.violation);
    if (!text) return text.status();
    exploration.lessonText = std::move(*text);
  }
  return Status::success();
}

Result<Exploration> shrinkFound(const scenario::Scenario& lesson, const ExplorationRequest& request,
                                Exploration exploration, const ScenarioRunner& runner) {
  const Found found = *exploration.search.found;
  if (Status written = shrinkAndWrite(lesson, request, found, runner, exploration); !written)
    return written;
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
