// lockscope: the teaching app. Opens a lesson on the embedded model and plays it; or, headless,
// renders a screenshot at a virtual time or benchmarks frame times (see gui_options.h).
#include <QtQml/qqmlextensionplugin.h>
#include <QGuiApplication>
#include <QQmlApplicationEngine>
#include <QQuickWindow>
#include <QTimer>
#include <cstdio>
#include <memory>

#include "backends/live/live_interrupt.h"
#include "causal_slice_model.h"
#include "gui_options.h"
#include "headless.h"
#include "language.h"
#include "lesson_folder.h"
#include "recent_files.h"
#include "simulation_controller.h"
#include "version_text.h"
#include "window_memory.h"

Q_IMPORT_QML_PLUGIN(LockscopePlugin)

using lockscope::gui::GuiOptions;

int main(int argc, char* argv[]) {
  QStringList arguments;
  for (int index = 0; index < argc; ++index) arguments << QString::fromLocal8Bit(argv[index]);
  const auto parsed = lockscope::gui::parseGuiOptions(arguments);
  if (parsed.help) {
    std::fputs(qPrintable(lockscope::gui::guiUsage()), stdout);
    return 0;
  }
  if (parsed.version) {
    // Before QGuiApplication: printing a version needs no display.
    std::fputs(qPrintable(lockscope::version::versionText(QStringLiteral("lockscope"))), stdout);
    return 0;
  }
  if (!parsed.error.isEmpty()) {
    // One line: what was wrong and where the usage is.
    std::fprintf(stderr, "lockscope: %s (lockscope --help for usage)\n", qPrintable(parsed.error));
    return 2;
  }
  GuiOptions options = parsed.options;
  const bool headless = !options.screenshot.isEmpty() || options.benchFrames > 0;
  if (headless) {
    // Frames are rendered by the CPU into images: the same pixels on every machine, no GPU.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QQuickWindow::setGraphicsApi(QSGRendererInterface::Software);
  }
  QGuiApplication app(argc, argv);
  QGuiApplication::setApplicationName(QStringLiteral("Lockscope"));
  // The installed menu entry's name (data/): Wayland compositors and docks match the window to it,
  // and so to its icon.
  QGuiApplication::setDesktopFileName(QStringLiteral("io.github.lockscope.Lockscope"));
  if (options.lessons.isEmpty()) options.lessons = lockscope::gui::findLessonFolder();
  // The window remembers how it was left (app_settings.h); a headless picture is the same for
  // everyone, so it neither reads nor writes the user's settings. The app sets no organisation
  // name: the settings and the data folder stay ~/.config/Lockscope and ~/.local/share/Lockscope.
  const lockscope::gui::AppSettings settings(lockscope::gui::AppSettings::defaultFile());
  const lockscope::gui::RememberedState remembered = headless ? lockscope::gui::RememberedState{}
                                                              : settings.read();
  const QString firstLesson = options.lessons + QStringLiteral("/zookeeper/herd-naive.yaml");
  if (options.scenario.isEmpty())
    options.scenario = remembered.lesson.isEmpty() ? firstLesson : remembered.lesson;
  if (!options.presentation) options.presentation = remembered.presentation.value_or(false);
  if (remembered.geometry)
    options.size = remembered.geometry->size();  // Main.qml fits it to the screen
  if (options.compareRecipe.isEmpty() &&
      options.scenario.endsWith(QLatin1String("herd-naive.yaml")) && !headless) {
    options.compareRecipe = QStringLiteral("zk-chained");  // the first lesson: herd against chain
  }

  // Before the window loads, so that its first frame (and a headless screenshot) is in it.
  // --language, else the one the user switched to last, else the system's.
  const QString language = !options.language.isEmpty()      ? options.language
                           : !remembered.language.isEmpty() ? remembered.language
                                                            : lockscope::gui::systemLanguage();
  if (!lockscope::gui::installLanguage(language))
    std::fprintf(stderr, "lockscope: no %s translation in this build: English\n",
                 qPrintable(language));
  QQmlApplicationEngine engine;
  engine.setInitialProperties({{QStringLiteral("lessonFolder"), options.lessons},
                               {QStringLiteral("compareRecipe"), options.compareRecipe},
                               {QStringLiteral("presentation"), options.presentation},
                               {QStringLiteral("headless"), headless},
                               {QStringLiteral("openCourse"), options.course},
                               {QStringLiteral("initialWidth"), options.size.width()},
                               {QStringLiteral("initialHeight"), options.size.height()}});
  engine.load(QUrl(QStringLiteral("qrc:/Lockscope/Main.qml")));
  if (engine.rootObjects().isEmpty()) return 1;
  auto* window = qobject_cast<QQuickWindow*>(engine.rootObjects().constFirst());
  if (!window) return 1;
  auto* simulation = window->property("simulation").value<lockscope::gui::SimulationController*>();
  if (!simulation) return 1;
  const QSize least = window->minimumSize();
  if (headless &&
      (options.size.width() < least.width() || options.size.height() < least.height())) {
    // Below it the panels overlap: a picture of that would only mislead.
    std::fprintf(stderr,
                 "lockscope: --size: at least %dx%d (the window's minimum size), got %dx%d\n",
                 least.width(), least.height(), options.size.width(), options.size.height());
    return 2;
  }
  if (!simulation->session()->load(options.scenario)) {
    if (headless) {
      std::fprintf(stderr, "lockscope: %s\n", qPrintable(simulation->error()));
      return 2;
    }
    // The remembered lesson no longer loads (edited since, or from a newer version): the first.
    if (options.scenario == remembered.lesson) simulation->session()->load(firstLesson);
  }
  QMetaObject::invokeMethod(window, "startComparing");
  if (options.slice) simulation->slice()->setShown(true);
  if (!options.console.isEmpty()) {
    // The console of the lesson shown (zkCli, or redis-cli in a Redis lesson) types the script.
    const QString mismatch = simulation->console()->scriptMismatch(options.console);
    if (!mismatch.isEmpty()) {
      std::fprintf(stderr, "lockscope: --console: %s\n", qPrintable(mismatch));
      return 2;
    }
    QMetaObject::invokeMethod(window, "toggleConsole");
    if (!simulation->console()->executeFile(options.console)) {
      std::fprintf(stderr, "lockscope: --console: cannot read %s\n", qPrintable(options.console));
      return 2;
    }
  }
  if (!options.screenshot.isEmpty())
    return lockscope::gui::takeScreenshot(*window, *simulation, options);
  if (options.benchFrames > 0)
    return lockscope::gui::benchmarkFrames(*window, *simulation, options);
  // Ctrl+C or SIGTERM closes the app as the window's close button does: a live run in progress
  // stops and leaves the servers as it found them (live_interrupt.h) before the process ends. A
  // second signal ends it at once.
  lockscope::live::catchInterrupts();
  auto* recentFiles = window->property("recentFiles").value<lockscope::gui::RecentFiles*>();
  if (!recentFiles) return 1;
  lockscope::gui::WindowMemory memory(settings, remembered, *window, *simulation, *recentFiles,
                                      language, options.presentation);
  memory.restore();
  QObject::connect(&app, &QGuiApplication::aboutToQuit, &memory,
                   &lockscope::gui::WindowMemory::save);
  // The keyboard comes to a new window only when a window manager gives it; on an X server
  // without one (a kiosk, a bare classroom machine, Xvfb) the first Space went nowhere until the
  // window was clicked. Asked for, the window has it at once; with a manager this is its request.
  window->requestActivate();
  QTimer signalWatch;
  QObject::connect(&signalWatch, &QTimer::timeout, [] {
    if (lockscope::live::interruptSignal() > 0) QGuiApplication::quit();
  });
  signalWatch.start(100);
  return QGuiApplication::exec();
}
