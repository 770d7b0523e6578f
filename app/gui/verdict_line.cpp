#include "verdict_line.h"

#include "core/run_so_far.h"
#include "scenario_session.h"
#include "sim/scenario/challenge_grade.h"
#include "simulation_controller.h"

namespace lockscope::gui {

VerdictLine::VerdictLine(SimulationController& simulation)
    : QObject(&simulation), simulation_(simulation) {
  connect(&simulation_, &SimulationController::frameChanged, this, &VerdictLine::changed);
  connect(&simulation_, &SimulationController::scenarioChanged, this, &VerdictLine::changed);
}

// A challenge with faults added: its expectations describe the run as written (clean), which an
// attempt sets out to break, so "expectation failed" beside "Solved" would contradict the grade.
bool VerdictLine::challengeAttempt() const {
  const RunTimeline* timeline = simulation_.timeline();
  return timeline && timeline->scenario().challenge &&
         scenario::faultsSpent(timeline->scenario().faults) > 0;
}

bool VerdictLine::judged() const {
  return simulation_.wholeRunShown() ||
         simulation_.timeMicros() >= simulation_.timeline()->endTime();
}

QString VerdictLine::text() const {
  const RunTimeline* timeline = simulation_.timeline();
  if (!timeline) return {};
  const auto& report = timeline->report();
  QString text;
  if (simulation_.session()->settingsChanged()) {
    text = tr("settings changed: the lesson's expectations are not judged");
  } else if (challengeAttempt()) {
    text = tr("a challenge attempt: the expectations are the clean run's, not judged");
  } else if (!judged()) {
    text = tr("the lesson's expectations are judged at the end of the run");
  } else {
    text = report.passed() ? tr("expectations hold")
                           : tr("expectation failed: %1")
                                 .arg(QString::fromStdString(report.unmetExpectations.front()));
  }
  const std::vector<ViolationSoFar> shown = violationsSoFar(*timeline, simulation_.shownUntil());
  if (!shown.empty()) {
    const QString kind = QString::fromStdString(shown.front().violation->kind);
    text += judged() ? tr(" · %1 violation(s), first: %2").arg(shown.size()).arg(kind)
                     : tr(" · %1 violation(s) so far, first: %2").arg(shown.size()).arg(kind);
  }
  return text;
}

bool VerdictLine::failed() const {
  const RunTimeline* timeline = simulation_.timeline();
  if (!timeline || simulation_.session()->settingsChanged() || challengeAttempt()) return false;
  return judged() && !timeline->report().passed();
}

bool VerdictLine::passed() const {
  return simulation_.timeline() && simulation_.timeline()->report().passed();
}

}  // namespace lockscope::gui
