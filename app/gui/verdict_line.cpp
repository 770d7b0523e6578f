#include "verdict_line.h"

#include "core/run_so_far.h"
#include "scenario_session.h"
#include "simulation_controller.h"

namespace lockscope::gui {

VerdictLine::VerdictLine(SimulationController& simulation)
    : QObject(&simulation), simulation_(simulation) {
  connect(&simulation_, &SimulationController::frameChanged, this, &VerdictLine::changed);
  connect(&simulation_, &SimulationController::scenarioChanged, this, &VerdictLine::changed);
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
    text = QStringLiteral("settings changed: the lesson's expectations are not judged");
  } else if (!judged()) {
    text = QStringLiteral("the lesson's expectations are judged at the end of the run");
  } else {
    text = report.passed() ? QStringLiteral("expectations hold")
                           : QStringLiteral("expectation failed: ") +
                                 QString::fromStdString(report.unmetExpectations.front());
  }
  const std::vector<ViolationSoFar> shown = violationsSoFar(*timeline, simulation_.shownUntil());
  if (!shown.empty()) {
    text += QStringLiteral(" · %1 violation(s)%2, first: %3")
                .arg(shown.size())
                .arg(judged() ? QString() : QStringLiteral(" so far"))
                .arg(QString::fromStdString(shown.front().violation->kind));
  }
  return text;
}

bool VerdictLine::failed() const {
  const RunTimeline* timeline = simulation_.timeline();
  if (!timeline || simulation_.session()->settingsChanged()) return false;
  return judged() && !timeline->report().passed();
}

bool VerdictLine::passed() const {
  return simulation_.timeline() && simulation_.timeline()->report().passed();
}

}  // namespace lockscope::gui
