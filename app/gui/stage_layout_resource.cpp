// Where the protected resource's card goes (stage_layout.h). It is a thing of its own - the
// counter or file the lock exists for, not part of the lock service - so it stands apart from
// the server box where there is room, and takes the box's foot only where there is not.
#include <algorithm>

#include "stage_layout.h"

namespace lockscope::gui {
namespace {

bool free(const StageLayout& layout, const QRectF& spot, const QSizeF& size) {
  if (spot.left() < 0 || spot.top() < 0 || spot.right() > size.width() ||
      spot.bottom() > size.height())
    return false;
  if (spot.intersects(layout.server) || spot.intersects(layout.legend) ||
      spot.intersects(layout.releaseChart) || spot.intersects(layout.crowdCaption))
    return false;
  return std::none_of(layout.clients.begin(), layout.clients.end(),
                      [&](const QRectF& card) { return card.intersects(spot); });
}

}  // namespace

void placeResourceCard(StageLayout& layout, const QSizeF& size, const QSizeF& card, double scale,
                       double leastServerHeight) {
  const double margin = 6 * scale, w = card.width(), h = card.height();
  // The top corners first: the legend and the bottom row of cards favour the bottom.
  for (const QRectF spot :
       {QRectF(size.width() - w - margin, margin, w, h), QRectF(margin, margin, w, h),
        QRectF(size.width() - w - margin, size.height() - h - margin, w, h),
        QRectF(margin, size.height() - h - margin, w, h)}) {
    if (free(layout, spot, size)) {
      layout.resource = spot;
      return;
    }
  }
  // Under the first column of cards (a database run's column of wide cards), as wide as the
  // column and taller where it is narrower than the card: its lines wrap (stage_view_resource).
  if (!layout.clients.empty()) {
    const QRectF& first = layout.clients.front();
    double bottom = first.bottom();
    for (const QRectF& other : layout.clients) {
      if (other.left() == first.left()) bottom = std::max(bottom, other.bottom());
    }
    const double taller = first.width() < w ? h * 1.6 : h;
    for (const double height : {taller, h}) {
      const QRectF spot(first.left(), bottom + 2 * margin, first.width(), height);
      if (first.width() >= w * 0.6 && free(layout, spot, size)) {
        layout.resource = spot;
        return;
      }
    }
  }
  // The server box's foot, if the box keeps what it needs.
  const QRectF& server = layout.server;
  if (server.height() - h - margin < leastServerHeight) return;
  // Beside the legend's panel when the box passes under it.
  double left = server.left(), right = server.right();
  if (!layout.legend.isEmpty() && layout.legend.bottom() > server.bottom() - h &&
      layout.legend.left() < server.center().x()) {
    left = std::max(left, layout.legend.right() + margin);
  }
  const double width = std::min(w, right - left);
  if (width < w * 0.6) return;
  const double x = std::clamp(server.center().x() - width / 2, left, right - width);
  layout.resource = QRectF(x, server.bottom() - h, width, h);
  layout.server.setBottom(layout.resource.top() - margin);
}

}  // namespace lockscope::gui
