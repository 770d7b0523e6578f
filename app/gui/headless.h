// The GUI's headless modes, on an offscreen window with the software renderer: a screenshot of
// the view at a virtual time, and a frame-time benchmark (median and 99th percentile of the time
// to move the cursor and render the whole window, and of scrubbing to random moments).
#pragma once

#include <QQuickWindow>

#include "gui_options.h"
#include "simulation_controller.h"

namespace lockscope::gui {

// Returns the process exit code.
int takeScreenshot(QQuickWindow& window, SimulationController& simulation,
                   const GuiOptions& options);
int benchmarkFrames(QQuickWindow& window, SimulationController& simulation,
                    const GuiOptions& options);

}  // namespace lockscope::gui
