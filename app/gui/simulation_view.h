// What every painted view of a simulation shares: the SimulationController it draws (repainted
// on every frame and every new run) and the text scale of presentation mode.
#pragma once

#include <QPointer>
#include <QQuickPaintedItem>
#include <QtQml/qqmlregistration.h>

#include "simulation_controller.h"

namespace lockscope::gui {

class SimulationView : public QQuickPaintedItem {
  Q_OBJECT
  QML_ANONYMOUS
  Q_PROPERTY(lockscope::gui::SimulationController* simulation READ simulation WRITE setSimulation NOTIFY simulationChanged)
  Q_PROPERTY(double textScale READ textScale WRITE setTextScale NOTIFY textScaleChanged)

 public:
  explicit SimulationView(QQuickItem* parent = nullptr);

  SimulationController* simulation() const { return simulation_; }
  void setSimulation(SimulationController* simulation);
  double textScale() const { return scale_; }
  void setTextScale(double scale);

 signals:
  void simulationChanged();
  void textScaleChanged();

 protected:
  // A run is loaded: there is something to draw.
  bool ready() const { return simulation_ && simulation_->timeline(); }

  QPointer<SimulationController> simulation_;
  double scale_ = 1.0;
};

}  // namespace lockscope::gui
