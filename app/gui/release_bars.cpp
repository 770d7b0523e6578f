#include "release_bars.h"

#include <QPainter>
#include <algorithm>

#include "core/run_so_far.h"

namespace lockscope::gui {

std::vector<ReleaseFigures> releasesShown(const SimulationController& simulation) {
  const RunTimeline& timeline = *simulation.timeline();
  const sim::Micros now = simulation.timeMicros();
  const bool whole = simulation.wholeRunShown();
  std::vector<ReleaseFigures> shown;
  const size_t begun = releasesSoFar(timeline, simulation.shownUntil());
  shown.reserve(begun);
  for (size_t index = 0; index < begun; ++index) {
    shown.push_back(whole ? timeline.releases()[index]
                          : releaseSoFar(timeline, index, now,
                                         static_cast<size_t>(simulation.playback()->eventIndex())));
  }
  return shown;
}

int paintReleaseBars(QPainter& painter, const QRectF& area,
                     const std::vector<ReleaseFigures>& releases, sim::Micros now,
                     const Palette& palette, int leastTop) {
  if (releases.empty()) return 0;
  int highest = std::max(1, leastTop);
  for (const ReleaseFigures& release : releases) highest = std::max(highest, release.notifications);
  // Room for ten bars at least, so that a first release is not one wide block.
  constexpr size_t kLeastBars = 10;
  const double barWidth = area.width() / static_cast<double>(std::max(releases.size(), kLeastBars));
  for (size_t index = 0; index < releases.size(); ++index) {
    const ReleaseFigures& release = releases[index];
    QColor colour = Theme::notificationColour();
    const double barHeight = area.height() * release.notifications / highest;
    const QRectF bar(area.left() + static_cast<double>(index) * barWidth + barWidth * 0.1,
                     area.bottom() - barHeight, std::max(1.0, barWidth * 0.8), barHeight);
    if (release.time <= now) {
      painter.fillRect(bar, colour);
    } else if (palette.highContrast) {
      painter.setPen(QPen(colour, 1.5 * palette.stroke));
      painter.setBrush(Qt::NoBrush);
      painter.drawRect(bar);
    } else {
      colour.setAlpha(60);
      painter.fillRect(bar, colour);
    }
  }
  painter.setPen(palette.ink);
  painter.drawText(area, Qt::AlignRight | Qt::AlignTop, QString::number(highest));
  return highest;
}

}  // namespace lockscope::gui
