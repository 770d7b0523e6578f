// Where a database run's stage puts things (stage_layout.h): client cards wide enough for a line
// of SQL, the server box beside them holding the tables, the advisory locks and the wait-for
// graph.
#include <algorithm>
#include <cmath>

#include "stage_layout.h"

namespace lockscope::gui {
namespace {

// The tallest a client card gets: three lines (name and state, transaction, SQL).
constexpr double kCardHeight = 62;
// The least height that still takes two lines of text.
constexpr double kLeastCard = 34;

// Cards down a column from `top`, `count` of them, `height` each.
void stackCards(StageLayout& layout, double x, double top, double width, double height, double gap,
                size_t count) {
  for (size_t line = 0; line < count; ++line) {
    layout.clients.emplace_back(x, top + static_cast<double>(line) * (height + gap), width, height);
  }
}

}  // namespace

StageLayout layoutDatabaseStage(const QSizeF& size, size_t clientCount, const DatabaseShape& shape,
                                double scale, const QSizeF& legend, const QSizeF& resource) {
  StageLayout layout;
  layout.database = true;
  const double margin = 8 * scale, gap = 6 * scale;
  // Room between the cards and the box for the requests and replies to travel.
  const double lane = 28 * scale;
  // The legend sits under the left column; the cards stay above it.
  const double columnHeight = size.height() - legend.height() - 2 * margin;
  const auto count = static_cast<double>(std::max<size_t>(clientCount, 1));
  double cardHeight = std::min(kCardHeight * scale, (columnHeight - (count - 1) * gap) / count);
  const bool twoColumns = cardHeight < kLeastCard * scale && clientCount > 1;
  const double columnWidth = std::clamp(size.width() * (twoColumns ? 0.2 : 0.33), 180 * scale,
                                        360 * scale);
  const size_t left = twoColumns ? (clientCount + 1) / 2 : clientCount;
  if (twoColumns) {
    const auto perColumn = static_cast<double>(left);
    cardHeight = std::min(kCardHeight * scale,
                          (columnHeight - (perColumn - 1) * gap) / std::max(1.0, perColumn));
  }
  layout.clientLabels = cardHeight >= 18 * scale;
  stackCards(layout, margin, margin, columnWidth, cardHeight, gap, left);
  const double right = twoColumns ? columnWidth + lane : 0;
  stackCards(layout, size.width() - margin - columnWidth, margin, columnWidth, cardHeight, gap,
             clientCount - left);
  const double boxLeft = margin + columnWidth + lane;
  layout.server = QRectF(boxLeft, margin, std::max(120.0, size.width() - boxLeft - margin - right),
                         size.height() - 2 * margin);
  if (!legend.isEmpty()) {
    layout.legend = QRectF(0, size.height() - legend.height(), legend.width(), legend.height());
  }
  // The resource's card may take the box's foot while the tables and the wait-for graph keep
  // room for a row and a cycle.
  if (!resource.isEmpty()) placeResourceCard(layout, size, resource, scale, 220 * scale);
  layout.treeArea = layout.server.adjusted(8 * scale, 26 * scale, -8 * scale, -6 * scale);
  if (layout.legend.intersects(layout.treeArea)) layout.treeArea.setBottom(layout.legend.top());

  // Tables on top, the advisory locks and the wait-for graph in a strip below (the graph the
  // wider: its arrows need room); a run without tables gives their place to the advisory box.
  const QRectF area = layout.treeArea;
  // The tables as tall as their rows need (a row takes up to three lines: its value, an
  // uncommitted change, its lock and queue), between a third and three fifths of the box.
  const double rowsHeight = (24 + static_cast<double>(std::max<size_t>(shape.mostRows, 1)) * 58) *
                            scale;
  const double tablesHeight = std::clamp(rowsHeight, area.height() * 0.33, area.height() * 0.55);
  const double strip = shape.tables.empty() ? area.height() * 0.5
                                            : area.height() - tablesHeight - gap;
  const double tablesBottom = area.bottom() - strip - gap;
  if (!shape.tables.empty()) {
    const auto tables = static_cast<double>(shape.tables.size());
    const double width = (area.width() - (tables - 1) * gap) / tables;
    for (size_t index = 0; index < shape.tables.size(); ++index) {
      layout.tables.emplace_back(shape.tables[index],
                                 QRectF(area.left() + static_cast<double>(index) * (width + gap),
                                        area.top(), width, tablesBottom - area.top()));
    }
  }
  const QRectF bottom(area.left(), tablesBottom + gap, area.width(), strip);
  if (shape.advisory && !shape.tables.empty()) {
    const double advisoryWidth = bottom.width() * 0.38;
    layout.advisory = QRectF(bottom.left(), bottom.top(), advisoryWidth, bottom.height());
    layout.waitFor = bottom.adjusted(advisoryWidth + gap, 0, 0, 0);
  } else if (shape.advisory) {
    layout.advisory = QRectF(area.left(), area.top(), area.width(), tablesBottom - area.top());
    layout.waitFor = bottom;
  } else {
    layout.waitFor = bottom;
  }
  return layout;
}

}  // namespace lockscope::gui
