// Where the space-time diagram puts things: a header line, then one lane per row (the server's
// first, then one per client) below it, the lanes' names in a gutter on the left and virtual time
// across the rest. The view paints with it and the pixel tests look for lanes and names with it,
// so a test reads the diagram's own geometry, not a copy of it that drifts.
#pragma once

#include <QRectF>
#include <cstddef>

#include "sim/engine/virtual_time.h"

namespace lockscope::gui {

struct SpaceTimeLayout {
  double width = 0, height = 0;  // the view's
  double scale = 1;              // the type's scale (presentation mode enlarges it)
  size_t clients = 0;
  double gutter = 0;            // the lane names' column, left of the lanes
  sim::Micros windowStart = 0;  // the time at the gutter's edge
  double span = 1;              // µs of virtual time across the lanes

  // The header line: the window's length and how to zoom.
  QRectF header() const { return {gutter, 0, width - gutter - 4, 13 * scale}; }
  // The top of the first lane, under the header.
  double lanesTop() const { return 14 * scale; }
  double laneHeight() const;
  // The middle of a lane: lane 0 is the server, client k is lane k + 1.
  double laneY(int lane) const;
  // A client's marker beside its name (its side): as tall as the type, smaller on thin lanes.
  double markerSize() const;
  // Where a lane's name is written, right-aligned, right of its marker.
  QRectF nameRoom(int lane) const;
  double xOf(sim::Micros time) const;
  double timeAt(double x) const;
};

}  // namespace lockscope::gui
