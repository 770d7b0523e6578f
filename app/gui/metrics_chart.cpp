#include "metrics_chart.h"

#include <QPainter>
#include <vector>

#include "release_bars.h"

namespace lockscope::gui {

MetricsChart::MetricsChart(QQuickItem* parent) : SimulationView(parent) {}

void MetricsChart::paint(QPainter* painter) {
  if (!ready()) return;
  painter->setPen(palette_->quietInk);
  // The caption in the panel's type (presentation mode's scale included): it says what the bars
  // are.
  QFont font;
  font.setPointSizeF(8.5 * scale_);
  painter->setFont(font);
  const double caption = painter->fontMetrics().height() + 2;
  painter->drawText(QRectF(0, 0, width(), caption), Qt::AlignLeft,
                    painter->fontMetrics().elidedText(
                        tr("notifications per release · %1").arg(simulation_->run()->recipe()),
                        Qt::ElideRight, static_cast<int>(width())));
  const std::vector<ReleaseFigures> shown = releasesShown(*simulation_);
  const QRectF area(0, caption + 2, width(), height() - caption - 4);
  paintReleaseBars(*painter, area, shown, simulation_->timeMicros(), *palette_);
}

}  // namespace lockscope::gui
