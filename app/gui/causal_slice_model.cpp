#include "causal_slice_model.h"

#include "simulation_controller.h"

namespace lockscope::gui {

CausalSliceModel::CausalSliceModel(SimulationController& simulation)
    : QObject(&simulation), simulation_(simulation) {
  connect(&simulation, &SimulationController::scenarioChanged, this, [this] {
    marks_.reset();
    emit changed();
  });
}

// From the verdict, so that binding to it does not compute the slice of every run shown.
bool CausalSliceModel::available() const {
  const RunTimeline* timeline = simulation_.timeline();
  return timeline && !timeline->report().verdict.violations.empty();
}

void CausalSliceModel::setShown(bool shown) {
  if (shown_ == shown) return;
  shown_ = shown;
  emit changed();
  emit simulation_.frameChanged();  // the painted views draw it
}

QString CausalSliceModel::summary() const { return QString::fromStdString(marks().summary()); }

const SliceMarks& CausalSliceModel::marks() const {
  if (!marks_) {
    const RunTimeline* timeline = simulation_.timeline();
    marks_ = timeline ? SliceMarks(*timeline) : SliceMarks();
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
