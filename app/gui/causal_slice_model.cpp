#include "causal_slice_model.h"

#include "simulation_controller.h"

namespace lockscope::gui {

CausalSliceModel::CausalSliceModel(SimulationController& simulation)
    : QObject(&simulation), simulation_(simulation) {
  connect(&simulation, &SimulationController::scenarioChanged, this, [this] {
    marks_.reset();
    shownFor_ = {};
    lastShown_ = violationShown();
    emit changed();
  });
  // The cursor moved, or the whole run is shown or not: the first violation shown may change.
  connect(&simulation, &SimulationController::frameChanged, this, [this] {
    const int shown = violationShown();
    if (shown == lastShown_) return;
    lastShown_ = shown;
    emit changed();
  });
}

int CausalSliceModel::violationShown() const {
  const RunTimeline* timeline = simulation_.timeline();
  if (!timeline) return -1;
  const auto& violations = timeline->report().verdict.violations;
  const sim::Micros until = simulation_.shownUntil();
  // The views ask for every client and message they paint: once per moment is enough.
  if (timeline == shownFor_.timeline && until == shownFor_.until) return shownFor_.violation;
  int first = -1;
  for (size_t index = 0; index < violations.size(); ++index) {
    const sim::Micros known = violations[index].knownAt();
    if (known <= until && (first < 0 || known < violations[static_cast<size_t>(first)].knownAt()))
      first = static_cast<int>(index);
  }
  shownFor_ = {timeline, until, first};
  return first;
}

bool CausalSliceModel::available() const { return violationShown() >= 0; }

void CausalSliceModel::setShown(bool shown) {
  if (shown_ == shown) return;
  shown_ = shown;
  emit changed();
  emit simulation_.frameChanged();  // the painted views draw it
}

QString CausalSliceModel::summary() const { return QString::fromStdString(marks().summary()); }

const SliceMarks& CausalSliceModel::marks() const {
  const int violation = violationShown();
  if (!marks_ || marksOf_ != violation) {
    const RunTimeline* timeline = simulation_.timeline();
    marks_ = violation < 0
                 ? SliceMarks()
                 : SliceMarks(
                       *timeline,
                       timeline->report().verdict.violations[static_cast<size_t>(violation)]);
    marksOf_ = violation;
  }
  return *marks_;
}

bool CausalSliceModel::eventDimmed(int index) const {
  return active() && index >= 0 && !marks().containsEvent(static_cast<size_t>(index));
}

bool CausalSliceModel::flightDimmed(int index) const {
  if (!active() || index < 0) return false;
  const auto& flights = simulation_.timeline()->flights().all();
  return static_cast<size_t>(index) < flights.size() &&
         !marks().containsFlight(flights[static_cast<size_t>(index)]);
}

bool CausalSliceModel::clientDimmed(int client) const {
  return active() && !marks().containsClient(client);
}

bool CausalSliceModel::pathDimmed(const QString& path) const {
  return active() && !marks().containsPath(path.toStdString());
}

}  // namespace lockscope::gui
