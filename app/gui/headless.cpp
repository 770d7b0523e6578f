#include "headless.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QImage>
#include <QSaveFile>
#include <algorithm>
#include <cstdio>
#include <vector>

#include "sim/engine/random.h"

namespace lockscope::gui {
namespace {

// Lets QML apply bindings and layouts before a frame is grabbed.
void settle() {
  for (int round = 0; round < 3; ++round) QCoreApplication::processEvents();
}

double percentile(std::vector<double> values, double fraction) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const auto index = static_cast<size_t>(fraction * static_cast<double>(values.size() - 1) + 0.5);
  return values[std::min(index, values.size() - 1)];
}

}  // namespace

int takeScreenshot(QQuickWindow& window, SimulationController& simulation,
                   const GuiOptions& options) {
  PlaybackController& playback = *simulation.playback();
  playback.setPlaying(false);
  // The console's picture is after its last command, unless a moment was asked for (a moment
  // after it shows the redis-cli console's TTLs run down).
  if (!options.console.isEmpty() && !options.at) {
    playback.seekTime(static_cast<double>(simulation.console()->now()));
  } else {
    playback.seekTime(playback.origin() + static_cast<double>(options.at.value_or(0)));
  }
  settle();
  const QImage image = window.grabWindow();
  if (image.isNull()) {
    std::fprintf(stderr, "lockscope: %s: the window could not be rendered\n",
                 qPrintable(options.screenshot));
    return 1;
  }
  // Encoded in memory first (so a failing disk is reported once, by us, not by libpng too), then
  // written whole or not at all: a temporary file renamed into place, with the reason told.
  QByteArray encoded;
  QBuffer buffer(&encoded);
  const QByteArray suffix = QFileInfo(options.screenshot).suffix().toLatin1();
  if (!buffer.open(QIODevice::WriteOnly) ||
      !image.save(&buffer, suffix.isEmpty() ? "PNG" : suffix.constData())) {
    std::fprintf(stderr, "lockscope: %s: cannot encode the screenshot as %s\n",
                 qPrintable(options.screenshot), suffix.isEmpty() ? "PNG" : suffix.constData());
    return 1;
  }
  QSaveFile file(options.screenshot);
  if (!file.open(QIODevice::WriteOnly) || file.write(encoded) != encoded.size() || !file.commit()) {
    std::fprintf(stderr, "lockscope: %s: cannot write the screenshot: %s\n",
                 qPrintable(options.screenshot), qPrintable(file.errorString()));
    return 1;
  }
  std::printf("%s: %dx%d at %s\n", qPrintable(options.screenshot), image.width(), image.height(),
              qPrintable(playback.timeText()));
  return 0;
}

int benchmarkFrames(QQuickWindow& window, SimulationController& simulation,
                    const GuiOptions& options) {
  PlaybackController& playback = *simulation.playback();
  playback.setPlaying(false);
  settle();
  const double start = playback.origin(), end = playback.endTime();
  const int frames = options.benchFrames;
  std::vector<double> frameMs, scrubMs;
  QElapsedTimer timer;
  // Playback: the cursor moves through the run in equal steps, one rendered frame each.
  for (int frame = 0; frame < frames; ++frame) {
    timer.start();
    playback.seekTime(start + (end - start) * frame / std::max(1, frames - 1));
    window.grabWindow();
    frameMs.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
  }
  // Scrubbing: jumps to moments chosen by a fixed seed, each answered with a rendered frame.
  sim::Random random(42);
  for (int jump = 0; jump < 50; ++jump) {
    const double at = start + (end - start) * static_cast<double>(random.below(10'000)) / 10'000.0;
    timer.start();
    playback.seekTime(at);
    window.grabWindow();
    scrubMs.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
  }
  std::printf(
      "{\"scenario\":\"%s\",\"clients\":%d,\"events\":%d,\"size\":\"%dx%d\",\"frames\":%d,"
      "\"frame_median_ms\":%.2f,\"frame_p99_ms\":%.2f,\"scrub_median_ms\":%.2f,\"scrub_max_ms\":%."
      "2f}\n",
      qPrintable(simulation.session()->file()), simulation.run()->clientCount(),
      playback.eventCount(), window.width(), window.height(), frames, percentile(frameMs, 0.5),
      percentile(frameMs, 0.99), percentile(scrubMs, 0.5), percentile(scrubMs, 1.0));
  return 0;
}

}  // namespace lockscope::gui
