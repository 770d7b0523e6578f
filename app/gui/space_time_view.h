// The space-time diagram under the stage: one lane for the server and one per client, message
// arrows between them, lock-holding intervals as bars, checker violations in red, and the
// playback cursor. It shows a window of virtual time around the cursor (the wheel zooms), draws
// only what overlaps that window (so 100,000-event runs stay fast), and a click seeks there.
#pragma once

#include <QtQml/qqmlregistration.h>

#include "simulation_view.h"

namespace lockscope::gui {

class SpaceTimeView : public lockscope::gui::SimulationView {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(double span READ span WRITE setSpan NOTIFY spanChanged)  // µs of virtual time shown

 public:
  explicit SpaceTimeView(QQuickItem* parent = nullptr);
  void paint(QPainter* painter) override;

  double span() const { return span_; }
  void setSpan(double span);
  // The virtual time under x (item coordinates).
  Q_INVOKABLE double timeAt(double x) const;

 signals:
  void spanChanged();

 protected:
  void mousePressEvent(QMouseEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;

 private:
  double gutter() const { return 56 * scale_; }
  double xOf(sim::Micros time) const;
  double laneY(int lane) const;  // lane 0 is the server, client k is lane k + 1
  double laneHeight() const;
  sim::Micros windowStart() const;

  double span_ = 0;  // 0: chosen from the run's length
};

}  // namespace lockscope::gui
