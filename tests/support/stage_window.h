// The headless window and its stage as the stage's GUI tests use them: Main.qml loaded as the app
// loads it at a desk's 1600x1000, its Simulation and StageView, a grab at a moment of the run,
// and an item's rectangle in the grabbed picture's pixels.
#pragma once

#include <QImage>
#include <QQmlApplicationEngine>
#include <QQuickWindow>
#include <QTest>

#include "gui_window.h"
#include "simulation_controller.h"
#include "stage_view.h"

namespace lockscope::testing {

struct StageWindow {
  QQmlApplicationEngine* engine = nullptr;
  QQuickWindow* window = nullptr;
  gui::SimulationController* simulation = nullptr;
  gui::StageView* stage = nullptr;

  // Call with QVERIFY: false when a part did not load.
  bool open(QObject* owner) {
    engine = new QQmlApplicationEngine(owner);
    window = loadMainWindow(*engine, false, 1600, 1000);
    if (!window) return false;
    simulation = window->property("simulation").value<gui::SimulationController*>();
    stage = window->findChild<gui::StageView*>(QStringLiteral("stage"));
    return simulation && stage;
  }
  // Back to a desk: what a test that stopped half way changed.
  void reset() {
    window->setProperty("presentation", false);
    window->resize(1600, 1000);
    QCoreApplication::processEvents();
  }
  // The window at `time` of the run shown, drawn.
  QImage grabAt(sim::Micros time) {
    simulation->playback()->seekTime(static_cast<double>(time));
    QCoreApplication::processEvents();
    return window->grabWindow();
  }
  QRect onScreen(const QRectF& stageRect) const {
    return stage->mapRectToScene(stageRect).toRect();
  }
};

}  // namespace lockscope::testing
