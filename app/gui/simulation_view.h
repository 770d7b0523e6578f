// What every painted view of a simulation shares: the SimulationController it draws (repainted
// on every frame and every new run), and presentation mode's text scale and high contrast.
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QPointer>
#include <QQuickPaintedItem>

#include "simulation_controller.h"
#include "theme.h"

namespace lockscope::gui {

class SimulationView : public QQuickPaintedItem {
  Q_OBJECT
  QML_ANONYMOUS
  Q_PROPERTY(lockscope::gui::SimulationController* simulation READ simulation WRITE setSimulation
                 NOTIFY simulationChanged)
  Q_PROPERTY(double textScale READ textScale WRITE setTextScale NOTIFY textScaleChanged)
  Q_PROPERTY(bool highContrast READ highContrast WRITE setHighContrast NOTIFY highContrastChanged)

 public:
  explicit SimulationView(QQuickItem* parent = nullptr);

  SimulationController* simulation() const { return simulation_; }
  void setSimulation(SimulationController* simulation);
  double textScale() const { return scale_; }
  void setTextScale(double scale);
  bool highContrast() const { return palette_->highContrast; }
  void setHighContrast(bool on);

 signals:
  void simulationChanged();
  void textScaleChanged();
  void highContrastChanged();

 protected:
  // A run is loaded: there is something to draw.
  bool ready() const { return simulation_ && simulation_->timeline(); }

  QPointer<SimulationController> simulation_;
  double scale_ = 1.0;
  const Palette* palette_ = &Theme::palette(false);
};

}  // namespace lockscope::gui
