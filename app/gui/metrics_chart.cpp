#include "metrics_chart.h"

#include <QPainter>
#include <algorithm>

#include "theme.h"

namespace lockscope::gui {

MetricsChart::MetricsChart(QQuickItem* parent) : SimulationView(parent) {}

void MetricsChart::paint(QPainter* painter) {
  if (!ready()) return;
  const auto& releases = simulation_->timeline()->releases();
  painter->setPen(QColor(0x55, 0x55, 0x55));
  QFont font;
  font.setPointSizeF(8);
  painter->setFont(font);
  painter->drawText(QRectF(0, 0, width(), 14), Qt::AlignLeft,
                    QStringLiteral("notifications per release · ") + simulation_->recipe());
  if (releases.empty()) return;
  int highest = 1;
  for (const ReleaseFigures& release : releases) highest = std::max(highest, release.notifications);
  const QRectF area(0, 16, width(), height() - 18);
  const double barWidth = area.width() / static_cast<double>(releases.size());
  const sim::Micros now = simulation_->timeMicros();
  for (size_t index = 0; index < releases.size(); ++index) {
    const ReleaseFigures& release = releases[index];
    QColor colour = Theme::notificationColour();
    if (release.time > now) colour.setAlpha(60);
    const double barHeight = area.height() * release.notifications / highest;
    painter->fillRect(QRectF(area.left() + index * barWidth + barWidth * 0.1, area.bottom() - barHeight,
                             std::max(1.0, barWidth * 0.8), barHeight),
                      colour);
  }
  painter->setPen(QColor(0x33, 0x33, 0x33));
  painter->drawText(area, Qt::AlignRight | Qt::AlignTop, QString::number(highest));
}

}  // namespace lockscope::gui
