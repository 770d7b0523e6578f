// The stage for a crowd (stage_layout.h): hundreds of clients do not fit around the server box
// as markers a class can read, and a thousand watch arrows are one grey smear. So the clients
// become a heat strip - one small square per client in its state's colour, so a release that
// wakes every waiter is a wave across the whole strip - and the chart of notifications per
// release stands beside it, large, where the class can read the count.
#include <algorithm>
#include <cmath>

#include "stage_layout.h"

namespace lockscope::gui {

bool isCrowd(const StageLayout& ellipse, double scale) {
  return !ellipse.clientLabels && !ellipse.clients.empty() &&
         ellipse.clients.front().width() < 12 * scale;
}

void placeCrowd(StageLayout& layout, const QSizeF& size, size_t clientCount, double scale,
                const QSizeF& legend) {
  const double margin = 8 * scale, gap = 6 * scale;
  // The strip's band: two fifths of the stage, and never lower than the legend beside it.
  const double band = std::max(std::clamp(size.height() * 0.4, 120 * scale, size.height() * 0.55),
                               legend.height() + gap);
  layout.crowd = true;
  layout.clientLabels = false;
  layout.clients.clear();
  layout.server = QRectF(margin, margin, size.width() - 2 * margin,
                         size.height() - band - margin - gap);
  const double top = layout.server.bottom() + gap, bottom = size.height() - margin;
  double left = margin;
  layout.legend = {};
  if (!legend.isEmpty()) {
    layout.legend = QRectF(0, size.height() - legend.height(), legend.width(), legend.height());
    left = legend.width() + margin;
  }
  // The chart on the right, if the strip keeps most of the band's width.
  const double chartWidth = std::clamp(size.width() * 0.3, 160 * scale, 380 * scale);
  double right = size.width() - margin;
  if (right - left - chartWidth - gap >= chartWidth) {
    layout.releaseChart = QRectF(right - chartWidth, top, chartWidth, bottom - top);
    right = layout.releaseChart.left() - gap;
  }
  // Three lines over the cells: the count in each state (on two where one is too narrow), and
  // where the watches are.
  const double caption = 54 * scale;
  layout.crowdCaption = QRectF(left, top, right - left, caption);
  const QRectF cells(left, top + caption, right - left, bottom - top - caption);
  if (clientCount == 0 || cells.width() < 1 || cells.height() < 1) return;
  // Square cells, the largest that fit, row by row from the top left.
  const auto count = static_cast<double>(clientCount);
  double side = std::min(std::sqrt(cells.width() * cells.height() / count), 40 * scale);
  size_t columns = 1;
  for (; side > 1; side -= 0.25) {
    columns = std::max<size_t>(1, static_cast<size_t>(cells.width() / side));
    if (std::ceil(count / static_cast<double>(columns)) * side <= cells.height()) break;
  }
  // A pixel between cells while they are big enough to spare it: the strip reads as squares.
  const double inset = side >= 6 ? 1 : 0;
  for (size_t client = 0; client < clientCount; ++client) {
    const auto column = static_cast<double>(client % columns);
    const auto row = static_cast<double>(client / columns);
    layout.clients.emplace_back(cells.left() + column * side, cells.top() + row * side,
                                side - inset, side - inset);
  }
}

}  // namespace lockscope::gui
