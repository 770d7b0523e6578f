// The `lockscope` command line: which lesson to open, and the headless modes (a screenshot at a
// virtual time, a frame-time benchmark). Errors are one line naming the option and what was
// expected; the caller exits with 2.
#pragma once

#include <QSize>
#include <QString>
#include <optional>

#include "sim/engine/virtual_time.h"

namespace lockscope::gui {

// The largest --size: 8K UHD, far above any screen a lesson is shown on.
inline constexpr QSize kMaxSize{7680, 4320};

struct GuiOptions {
  QString scenario;               // --scenario FILE (default: the herd lesson)
  QString compareRecipe;          // --compare RECIPE: side by side with this recipe
  QString lessons;                // --lessons DIR (default: the scenarios folder)
  std::optional<sim::Micros> at;  // --at 2.5s: virtual time after the clients start
  QString screenshot;             // --screenshot OUT.png: render offscreen, write, exit
  QSize size{1600, 1000};         // --size 1600x1000
  int benchFrames = 0;            // --bench-frames N
  bool presentation = false;      // --presentation
  bool course = false;            // --course: the course map open at start
  bool slice = false;             // --slice: the causal slice of the first violation shown
  QString language;               // --language en|zh_CN (default: the system's)
  QString console;                // --console SCRIPT: the lesson's console open, the script typed
};

struct ParsedOptions {
  GuiOptions options;
  QString error;  // empty on success
  bool help = false;
  bool version = false;  // --version: print it and exit (help wins when both are given)
};

ParsedOptions parseGuiOptions(const QStringList& arguments);
QString guiUsage();

}  // namespace lockscope::gui
