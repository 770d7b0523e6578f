// One bar per release, its height the watch notifications it caused before the next grant: the
// herd's tall bars against the chain's single ones. Drawn small in the metrics panel
// (MetricsChart) and large on a crowded stage (stage_view_crowd.cpp), from the same figures.
#pragma once

#include <QRectF>
#include <vector>

#include "core/hold_history.h"
#include "simulation_controller.h"
#include "theme.h"

class QPainter;

namespace lockscope::gui {

// The releases begun by the cursor, each as far as it has gone (all of them, whole, when the
// whole run is shown): neither a bar nor the scale tells what is still to come.
std::vector<ReleaseFigures> releasesShown(const SimulationController& simulation);

// The bars in `area`, the highest count written at its top right; releases after `now` (the
// whole run shown) faint, or outlined in high contrast. The scale goes to the highest count, or
// to `leastTop` if that is higher (so that a chain's ones do not stand as tall as a herd's
// hundreds). Returns the scale's top.
int paintReleaseBars(QPainter& painter, const QRectF& area,
                     const std::vector<ReleaseFigures>& releases, sim::Micros now,
                     const Palette& palette, int leastTop = 1);

}  // namespace lockscope::gui
