#include "window_memory.h"

#include <QFileInfo>
#include <QGuiApplication>
#include <QQuickWindow>
#include <QScreen>
#include <cstdio>

#include "language.h"
#include "recent_files.h"
#include "simulation_controller.h"

namespace lockscope::gui {

WindowMemory::WindowMemory(AppSettings settings, RememberedState state, QQuickWindow& window,
                           SimulationController& simulation, RecentFiles& recentFiles,
                           const QString& language, bool presentation)
    : settings_(std::move(settings)),
      state_(std::move(state)),
      window_(window),
      simulation_(simulation),
      recentFiles_(recentFiles),
      startLanguage_(language),
      startPresentation_(presentation) {
  // The normal geometry is followed while the window is in it: once maximised or full screen,
  // geometry() is the screen's, and the size to come back to is the one before.
  for (auto signal :
       {&QWindow::xChanged, &QWindow::yChanged, &QWindow::widthChanged, &QWindow::heightChanged})
    connect(&window_, signal, this, &WindowMemory::trackGeometry);
  connect(&window_, &QWindow::visibilityChanged, this, &WindowMemory::trackGeometry);
}

void WindowMemory::trackGeometry() {
  if (window_.visibility() == QWindow::Windowed) state_.geometry = window_.geometry();
}

void WindowMemory::restore() {
  recentFiles_.setFiles(state_.recentFiles);
  if (state_.speed) simulation_.playback()->setSpeed(*state_.speed);
  // Presentation mode makes the window full screen: its own size, not the remembered one.
  if (window_.property("presentation").toBool()) return;
  if (state_.geometry) {
    // A screen unplugged since (a projector) must not leave the window off every screen: the
    // remembered place only when a screen still shows its title bar's corner.
    const QRect remembered = *state_.geometry;
    bool shown = false;
    for (const QScreen* screen : QGuiApplication::screens())
      shown = shown || screen->availableGeometry().contains(remembered.topLeft());
    if (shown) window_.setPosition(remembered.topLeft());
  }
  if (state_.maximized) window_.setVisibility(QWindow::Maximized);
  trackGeometry();
}

void WindowMemory::save() {
  RememberedState now = state_;
  // Full screen in presentation mode is not maximised: the window comes back as it was before.
  if (window_.visibility() != QWindow::FullScreen)
    now.maximized = window_.visibility() == QWindow::Maximized;
  // A file is set once a lesson loaded (a failed load keeps the previous one).
  if (const QString file = simulation_.session()->file(); !file.isEmpty())
    now.lesson = QFileInfo(file).absoluteFilePath();
  now.speed = simulation_.playerSpeed();
  // Only a switch made in the window: a --language run leaves the remembered choice alone.
  now.language = installedLanguage() != startLanguage_ ? installedLanguage() : QString();
  const bool presentation = window_.property("presentation").toBool();
  now.presentation = presentation != startPresentation_ ? std::optional<bool>(presentation)
                                                        : std::nullopt;
  now.recentFiles = recentFiles_.files();
  QString error;
  if (!settings_.write(now, &error))
    std::fprintf(stderr, "lockscope: settings not saved: %s\n", qPrintable(error));
}

}  // namespace lockscope::gui
