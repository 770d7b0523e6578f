// The app's window for the GUI tests: Main.qml loaded as the app loads it (qrc:/Lockscope/Main.qml)
// with the lessons of this checkout, at a size and mode of the test's; headless (never full screen)
// unless a test drives the window with its event loop as a person would.
#pragma once

#include <QQmlApplicationEngine>
#include <QQuickWindow>

namespace lockscope::testing {

// The window, or nullptr if Main.qml did not load.
inline QQuickWindow* loadMainWindow(QQmlApplicationEngine& engine, bool presentation, int width,
                                    int height, bool headless = true) {
  engine.setInitialProperties(
      {{QStringLiteral("lessonFolder"), QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios")},
       {QStringLiteral("compareRecipe"), QString()},
       {QStringLiteral("presentation"), presentation},
       {QStringLiteral("headless"), headless},
       {QStringLiteral("initialWidth"), width},
       {QStringLiteral("initialHeight"), height}});
  engine.load(QUrl(QStringLiteral("qrc:/Lockscope/Main.qml")));
  return engine.rootObjects().isEmpty()
             ? nullptr
             : qobject_cast<QQuickWindow*>(engine.rootObjects().constFirst());
}

}  // namespace lockscope::testing
