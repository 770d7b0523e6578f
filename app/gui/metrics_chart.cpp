#include "metrics_chart.h"

#include <QPainter>
#include <algorithm>
#include <vector>

#include "core/run_so_far.h"
#include "theme.h"

namespace lockscope::gui {

MetricsChart::MetricsChart(QQuickItem* parent) : SimulationView(parent) {}

void MetricsChart::paint(QPainter* painter) {
  if (!ready()) return;
  const auto& releases = simulation_->timeline()->releases();
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
  // The releases begun by the cursor, each as far as it has gone (all of them, whole, when the
  // whole run is shown): neither a bar nor the scale tells what is still to come.
  const RunTimeline& timeline = *simulation_->timeline();
  const sim::Micros now = simulation_->timeMicros();
  const bool whole = simulation_->wholeRunShown();
  std::vector<ReleaseFigures> shown;
  const size_t begun = releasesSoFar(timeline, simulation_->shownUntil());
  for (size_t index = 0; index < begun; ++index) {
    shown.push_back(whole
                        ? releases[index]
                        : releaseSoFar(timeline, index, now,
                                       static_cast<size_t>(simulation_->playback()->eventIndex())));
  }
  if (shown.empty()) return;
  int highest = 1;
  for (const ReleaseFigures& release : shown) highest = std::max(highest, release.notifications);
  const QRectF area(0, caption + 2, width(), height() - caption - 4);
  // Room for ten bars at least, so that a first release is not one wide block.
  constexpr size_t kLeastBars = 10;
  const double barWidth = area.width() / static_cast<double>(std::max(shown.size(), kLeastBars));
  for (size_t index = 0; index < shown.size(); ++index) {
    const ReleaseFigures& release = shown[index];
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
