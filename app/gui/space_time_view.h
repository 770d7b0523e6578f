// The space-time diagram under the stage: one lane for the server and one per client, message
// arrows between them, lock-holding intervals as bars, checker violations in red, and the
// playback cursor. It shows a window of virtual time around the cursor (the wheel zooms), draws
// only what overlaps that window (so 100,000-event runs stay fast), and a click seeks there.
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QFontMetricsF>

#include "simulation_view.h"
#include "space_time_layout.h"

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
  // The lanes' names as the last paint wrote them (server first): whole, or elided at their end
  // when even the widest gutter cannot hold them - never cut at their start.
  Q_INVOKABLE QStringList laneNames() const { return laneNames_; }
  // Where the diagram puts lanes, names and times, as of the last paint (its gutter fits the
  // names it painted). Needs a run shown.
  SpaceTimeLayout layout() const;

 signals:
  void spanChanged();

 protected:
  void mousePressEvent(QMouseEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;

 private:
  // The lanes' names, left of the lanes: as wide as the longest name needs (set by each paint).
  double gutter() const { return gutter_ > 0 ? gutter_ : 56 * scale_; }
  void fitGutter(const QFontMetricsF& metrics, double marker);
  // The causal slice's events that no message or bar draws (faults, expiries, writes, grants):
  // a dot on their lane, for those in [from, to].
  void paintSliceDots(QPainter& painter, const SpaceTimeLayout& layout, sim::Micros from,
                      sim::Micros to) const;
  sim::Micros windowStart() const;

  double span_ = 0;  // 0: chosen from the run's length
  double gutter_ = 0;
  QStringList laneNames_;
};

}  // namespace lockscope::gui
