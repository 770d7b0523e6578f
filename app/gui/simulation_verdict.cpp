// The status line's verdict as of the cursor, and whether the window shows the whole run. The
// lesson's expectations are about the whole run, so they are judged only once it has been played
// to its end (or shown whole): at a "what happens next?" pause the status line must not say "2
// violation(s)" of a run that has had none yet.
#include "core/run_so_far.h"
#include "event_log_model.h"
#include "simulation_controller.h"

namespace lockscope::gui {

void SimulationController::setWholeRunShown(bool shown) {
  if (wholeRunShown_ == shown) return;
  wholeRunShown_ = shown;
  events_->showWholeRun(shown);
  emit wholeRunShownChanged();
  emit frameChanged();  // the views draw more or less of the run, the verdict changes
}

sim::Micros SimulationController::shownUntil() const {
  if (!timeline_) return 0;
  return wholeRunShown_ ? timeline_->endTime() : time_;
}

bool SimulationController::settingsChanged() const {
  const scenario::Scenario& now = base_;
  return now.recipe != asLoaded_.recipe || now.seed != asLoaded_.seed ||
         now.clients.size() != asLoaded_.clients.size() || now.latency.low != asLoaded_.latency.low ||
         now.latency.high != asLoaded_.latency.high;
}

QString SimulationController::verdict() const {
  if (!timeline_) return {};
  const auto& report = timeline_->report();
  const bool judged = wholeRunShown_ || time_ >= timeline_->endTime();
  QString text;
  if (settingsChanged()) {
    text = QStringLiteral("settings changed: the lesson's expectations are not judged");
  } else if (!judged) {
    text = QStringLiteral("the lesson's expectations are judged at the end of the run");
  } else {
    text = report.passed() ? QStringLiteral("expectations hold")
                           : QStringLiteral("expectation failed: ") + QString::fromStdString(report.unmetExpectations.front());
  }
  const std::vector<ViolationSoFar> shown = violationsSoFar(*timeline_, shownUntil());
  if (!shown.empty()) {
    text += QStringLiteral(" · %1 violation(s)%2, first: %3")
                .arg(shown.size())
                .arg(judged ? QString() : QStringLiteral(" so far"))
                .arg(QString::fromStdString(shown.front().violation->kind));
  }
  return text;
}

bool SimulationController::verdictFailed() const {
  if (!timeline_ || settingsChanged()) return false;
  return (wholeRunShown_ || time_ >= timeline_->endTime()) && !timeline_->report().passed();
}

bool SimulationController::passed() const { return timeline_ && timeline_->report().passed(); }

}  // namespace lockscope::gui
