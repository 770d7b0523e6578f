// The filled head every arrow on the stage ends in (watches, replication links).
#pragma once

#include <QLineF>
#include <QPainter>
#include <cmath>

namespace lockscope::gui {

inline void drawArrowHead(QPainter& painter, QPointF from, QPointF to, double size) {
  const QLineF line(to, from);
  const double angle = std::atan2(line.dy(), line.dx());
  const QPointF left = to + QPointF(std::cos(angle + 0.45) * size, std::sin(angle + 0.45) * size);
  const QPointF right = to + QPointF(std::cos(angle - 0.45) * size, std::sin(angle - 0.45) * size);
  const QPointF head[] = {to, left, right};
  painter.drawPolygon(head, 3);
}

}  // namespace lockscope::gui
