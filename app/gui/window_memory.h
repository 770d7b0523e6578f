// The windowed app's memory between runs (app_settings.h): what was remembered is given back
// to the window once it is loaded, and what the user left it with is written when the app quits
// (the close button, Ctrl+C, SIGTERM: all end through QGuiApplication::quit).
//
// A command-line choice (--scenario, --language, --presentation) is for its run: it wins over the
// remembered one and is not written back, unless the user changes it in the window.
#pragma once

#include <QObject>
#include <QRect>

#include "app_settings.h"

class QQuickWindow;

namespace lockscope::gui {

class RecentFiles;
class SimulationController;

class WindowMemory : public QObject {
 public:
  // `state` as read from `settings` at start; `language` and `presentation` as the window starts
  // with them (a change from those is the user's and is remembered).
  WindowMemory(AppSettings settings, RememberedState state, QQuickWindow& window,
               SimulationController& simulation, RecentFiles& recentFiles, const QString& language,
               bool presentation);

  // Places the window where it was (on a screen that still shows it) and the speed as it was.
  void restore();
  // Writes what the window is left with; one line on stderr if the file cannot be written.
  void save();

 private:
  void trackGeometry();

  AppSettings settings_;
  RememberedState state_;
  QQuickWindow& window_;
  SimulationController& simulation_;
  RecentFiles& recentFiles_;
  QString startLanguage_;
  bool startPresentation_;
};

}  // namespace lockscope::gui
