// The app's window for the GUI tests: Main.qml loaded as the app loads it (qrc:/Lockscope/Main.qml)
// with the lessons of this checkout, at a size and mode of the test's; headless (never full screen)
// unless a test drives the window with its event loop as a person would.
#pragma once

#include <QQmlApplicationEngine>
#include <QQuickItem>
#include <QQuickWindow>
#include <QTest>

#include "simulation_controller.h"

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

// The window as a person uses it - real (offscreen platform, not headless), `lesson` loaded,
// active so that key events sent to it reach its items - and its Simulation; nullptr when one of
// those failed.
inline gui::SimulationController* openActiveWindow(QQmlApplicationEngine& engine,
                                                   QQuickWindow*& window, int width, int height,
                                                   const QString& lesson) {
  window = loadMainWindow(engine, false, width, height, /*headless=*/false);
  if (!window) return nullptr;
  auto* simulation = window->property("simulation").value<gui::SimulationController*>();
  if (!simulation || !simulation->session()->load(lesson)) return nullptr;
  window->requestActivate();
  return QTest::qWaitForWindowActive(window) ? simulation : nullptr;
}

// The item named `name` in `window` (an object name set in QML).
inline QQuickItem* namedItem(QQuickWindow* window, const char* name) {
  return window->findChild<QQuickItem*>(QLatin1String(name));
}

// Types `text` (Latin-1) into whatever has the keyboard, key by key, as a person would.
inline void typeText(QQuickWindow* window, const QString& text) {
  for (const QChar character : text) QTest::keyClick(window, character.toLatin1());
}

// The item named `name` under `root` in the visual tree: a Repeater's or a popup's items are
// their parent item's visual children, not QObject ones, so findChild does not see them.
inline QQuickItem* findVisualItem(QQuickItem* root, const QString& name) {
  if (!root) return nullptr;
  if (root->objectName() == name) return root;
  for (QQuickItem* child : root->childItems()) {
    if (QQuickItem* found = findVisualItem(child, name)) return found;
  }
  return nullptr;
}

}  // namespace lockscope::testing
