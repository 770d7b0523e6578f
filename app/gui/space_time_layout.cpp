#include "space_time_layout.h"

#include <algorithm>

namespace lockscope::gui {

double SpaceTimeLayout::laneHeight() const {
  // The lanes share what is left under the header, less a margin at the bottom.
  return std::max(2.0, (height - 16 * scale) / static_cast<double>(clients + 1));
}

double SpaceTimeLayout::laneY(int lane) const { return lanesTop() + (lane + 0.5) * laneHeight(); }

double SpaceTimeLayout::markerSize() const { return std::min(laneHeight() * 0.7, 9.0 * scale); }

QRectF SpaceTimeLayout::nameRoom(int lane) const {
  const double marker = markerSize(), height = laneHeight();
  return {marker + 5, laneY(lane) - height / 2, gutter - marker - 11, height};
}

double SpaceTimeLayout::xOf(sim::Micros time) const {
  const double across = std::max(1.0, width - gutter);
  return gutter + static_cast<double>(time - windowStart) / span * across;
}

double SpaceTimeLayout::timeAt(double x) const {
  const double across = std::max(1.0, width - gutter);
  return static_cast<double>(windowStart) + (x - gutter) / across * span;
}

}  // namespace lockscope::gui
