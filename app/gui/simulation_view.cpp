#include "simulation_view.h"

namespace lockscope::gui {

SimulationView::SimulationView(QQuickItem* parent) : QQuickPaintedItem(parent) {
  setAntialiasing(true);
  setFillColor(palette_->ground);
}

void SimulationView::setHighContrast(bool on) {
  if (highContrast() == on) return;
  palette_ = &Theme::palette(on);
  setFillColor(palette_->ground);
  emit highContrastChanged();
  update();
}

void SimulationView::setSimulation(SimulationController* simulation) {
  if (simulation_ == simulation) return;
  if (simulation_) disconnect(simulation_, nullptr, this, nullptr);
  simulation_ = simulation;
  if (simulation_) {
    connect(simulation_, &SimulationController::frameChanged, this, [this] { update(); });
    connect(simulation_, &SimulationController::scenarioChanged, this, [this] { update(); });
  }
  emit simulationChanged();
  update();
}

void SimulationView::setTextScale(double scale) {
  if (scale_ == scale) return;
  scale_ = scale;
  emit textScaleChanged();
  update();
}

}  // namespace lockscope::gui
