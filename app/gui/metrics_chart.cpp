#include "metrics_chart.h"

#include <QPainter>
#include <algorithm>

#include "theme.h"

namespace lockscope::gui {

MetricsChart::MetricsChart(QQuickItem* parent) : SimulationView(parent) {}

void MetricsChart::paint(QPainter* painter) {
  if (!ready()) return;
  const auto& releases = simulation_->timeline()->releases();
  painter->setPen(palette_->quietInk);
  // The caption in the panel's type (presentation mode's scale included): it says what the bars are.
  QFont font;
  font.setPointSizeF(8.5 * scale_);
  painter->setFont(font);
  const double caption = painter->fontMetrics().height() + 2;
  painter->drawText(QRectF(0, 0, width(), caption), Qt::AlignLeft,
                    painter->fontMetrics().elidedText(QStringLiteral("notifications per release · ") + simulation_->recipe(),
                                                      Qt::ElideRight, static_cast<int>(width())));
  // The releases done by the cursor (all of them when the whole run is shown): neither a bar nor
  // the scale tells how many releases are still to come or what they will cost.
  const sim::Micros now = simulation_->timeMicros();
  const auto shown = static_cast<size_t>(std::count_if(releases.begin(), releases.end(), [this](const ReleaseFigures& release) {
    return release.time <= simulation_->shownUntil();
  }));
  if (shown == 0) return;
  int highest = 1;
  for (size_t index = 0; index < shown; ++index) highest = std::max(highest, releases[index].notifications);
  const QRectF area(0, caption + 2, width(), height() - caption - 4);
  // Room for ten bars at least, so that a first release is not one wide block.
  constexpr size_t kLeastBars = 10;
  const double barWidth = area.width() / static_cast<double>(std::max(shown, kLeastBars));
  for (size_t index = 0; index < shown; ++index) {
    const ReleaseFigures& release = releases[index];
    QColor colour = Theme::notificationColour();
    const double barHeight = area.height() * release.notifications / highest;
    const QRectF bar(area.left() + index * barWidth + barWidth * 0.1, area.bottom() - barHeight,
                     std::max(1.0, barWidth * 0.8), barHeight);
    if (release.time <= now) {
      painter->fillRect(bar, colour);
    } else if (palette_->highContrast) {
      // Still to come: an outline in high contrast (no pastel), a faint bar otherwise.
      painter->setPen(QPen(colour, 1.5 * palette_->stroke));
      painter->setBrush(Qt::NoBrush);
      painter->drawRect(bar);
    } else {
      colour.setAlpha(60);
      painter->fillRect(bar, colour);
    }
  }
  painter->setPen(palette_->ink);
  painter->drawText(area, Qt::AlignRight | Qt::AlignTop, QString::number(highest));
}

}  // namespace lockscope::gui
