// A small bar chart for the metrics panel: one bar per release, its height the number of watch
// notifications it caused before the next grant - the herd's tall bars against the chain's
// single ones. Only the releases done by the cursor; with the whole run shown, those after it
// are drawn faint.
#pragma once

#include <QtQml/qqmlregistration.h>

#include "simulation_view.h"

namespace lockscope::gui {

class MetricsChart : public lockscope::gui::SimulationView {
  Q_OBJECT
  QML_ELEMENT

 public:
  explicit MetricsChart(QQuickItem* parent = nullptr);
  void paint(QPainter* painter) override;
};

}  // namespace lockscope::gui
