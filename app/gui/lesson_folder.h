// Where the app looks for its lessons when --lessons is not given. One place, so that a build run
// from the checkout, an installed tree and a .deb all open the same first lesson.
#pragma once

#include <QString>

namespace lockscope::gui {

// In order: `scenarios/` in the working directory (the README runs the app from the checkout);
// the lessons installed beside the binary (BINDIR/../share/lockscope/scenarios, found from the
// binary's own folder, so a moved or packaged tree works); the checkout this binary was built
// from. Needs a QCoreApplication (for the binary's folder).
QString findLessonFolder();

}  // namespace lockscope::gui
