// Main.qml loaded for a test as the app loads it (qrc:/Lockscope/Main.qml), 1600x1000, the
// lessons of this checkout, no compare recipe; null if it did not load.
#pragma once

#include <QQmlApplicationEngine>
#include <QQuickWindow>

namespace lockscope::testing {

inline QQuickWindow* loadMainWindow(QQmlApplicationEngine& engine, bool headless) {
  engine.setInitialProperties({{QStringLiteral("lessonFolder"), QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios")},
                               {QStringLiteral("compareRecipe"), QString()},
                               {QStringLiteral("presentation"), false},
                               {QStringLiteral("headless"), headless},
                               {QStringLiteral("initialWidth"), 1600},
                               {QStringLiteral("initialHeight"), 1000}});
  engine.load(QUrl(QStringLiteral("qrc:/Lockscope/Main.qml")));
  if (engine.rootObjects().isEmpty()) return nullptr;
  return qobject_cast<QQuickWindow*>(engine.rootObjects().constFirst());
}

}  // namespace lockscope::testing
