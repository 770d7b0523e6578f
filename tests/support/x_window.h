// The real lockscope binary in a real X window, driven as a person drives it: started as a
// process, its window found and focused with xdotool, keys typed with xdotool (real X key
// events through the server), and the window grabbed with ImageMagick's `import`. Every wait
// is bounded.
#pragma once

#include <QDeadlineTimer>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace lockscope::testing {

// Runs a short X client to completion on `display` (at most 15 s); its stdout, empty on failure.
inline QByteArray runXClient(const QString& display, const QString& program,
                             const QStringList& arguments) {
  QProcess process;
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.insert(QStringLiteral("DISPLAY"), display);
  process.setProcessEnvironment(environment);
  process.start(program, arguments);
  if (!process.waitForFinished(15'000)) {
    process.kill();
    process.waitForFinished(5'000);
    return {};
  }
  return process.exitCode() == 0 ? process.readAllStandardOutput() : QByteArray();
}

// The app: `lockscope ARGUMENTS...` run from `workingDirectory` on `display` ("offscreen" for
// Qt's offscreen platform), with `environment` ("NAME=value") on top of ours. Its stderr is
// kept: any line there is a warning the test reports.
class RunningApp {
 public:
  RunningApp(const QString& display, const QString& runtimeDirectory,
             const QString& workingDirectory, const QStringList& arguments,
             const QStringList& extraEnvironment = {}) {
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    // The window remembers how it was left (app/gui/app_settings.h): each app a test starts has
    // settings of its own, empty, and the user's are left alone; a test that relaunches with the
    // same settings names their folder in `extraEnvironment`.
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), config_.path());
    for (const QString& setting : extraEnvironment)
      environment.insert(setting.section(QLatin1Char('='), 0, 0),
                         setting.section(QLatin1Char('='), 1));
    if (display == QLatin1String("offscreen")) {
      environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    } else {
      environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
      environment.insert(QStringLiteral("DISPLAY"), display);
      // Under the sanitizers (CI's second pass), no leak check at the end of a real window's
      // process: Qt's X11 side (libdbus, plugins unloaded by then) leaves allocations at exit
      // whose stacks LeakSanitizer can no longer name, so no suppression can match them. Our
      // code's leaks are checked where the same GUI runs offscreen in-process (tst_gui_*).
      // Later options win, so this only turns off leaks.
      const QString asan = environment.value(QStringLiteral("ASAN_OPTIONS"));
      environment.insert(QStringLiteral("ASAN_OPTIONS"),
                         asan.isEmpty() ? QStringLiteral("detect_leaks=0")
                                        : asan + QStringLiteral(":detect_leaks=0"));
    }
    environment.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtimeDirectory);  // else Qt warns
    process_.setProcessEnvironment(environment);
    process_.setWorkingDirectory(workingDirectory);
    process_.start(QStringLiteral(LOCKSCOPE_GUI_PATH), arguments);
    process_.waitForStarted(10'000);
    display_ = display;
  }
  ~RunningApp() { stop(); }
  RunningApp(const RunningApp&) = delete;
  RunningApp& operator=(const RunningApp&) = delete;

  bool running() const { return process_.state() == QProcess::Running; }
  qint64 pid() const { return process_.processId(); }
  // How it ended, for a failure message: "running", "exit 1", "crashed (signal)".
  QString state() const {
    if (running()) return QStringLiteral("running");
    if (process_.exitStatus() == QProcess::CrashExit) return QStringLiteral("crashed");
    return QStringLiteral("exit %1").arg(process_.exitCode());
  }
  QString errors() {
    stderr_ += QString::fromLocal8Bit(process_.readAllStandardError());
    return stderr_;
  }
  void stop() {
    if (process_.state() == QProcess::NotRunning) return;
    process_.terminate();
    if (!process_.waitForFinished(10'000)) process_.kill();
    process_.waitForFinished(5'000);
  }

  // The app's visible top-level window (its X id as a decimal string), waiting up to 30 s for it.
  QString window() {
    QDeadlineTimer deadline(30'000);
    while (!deadline.hasExpired() && running()) {
      const QByteArray found = runXClient(
          display_, QStringLiteral("xdotool"),
          {QStringLiteral("search"), QStringLiteral("--onlyvisible"), QStringLiteral("--pid"),
           QString::number(pid()), QStringLiteral("--name"), QStringLiteral("Lockscope")});
      const QList<QByteArray> ids = found.trimmed().split('\n');
      if (!ids.constFirst().isEmpty()) return QString::fromLatin1(ids.constLast());
      QTest::qWait(200);
    }
    return {};
  }
  // Raises and focuses the window, then types `keys` (xdotool key names: "space", "ctrl+s").
  void press(const QString& windowId, const QStringList& keys) {
    runXClient(display_, QStringLiteral("xdotool"), {QStringLiteral("windowraise"), windowId});
    runXClient(display_, QStringLiteral("xdotool"),
               {QStringLiteral("windowfocus"), QStringLiteral("--sync"), windowId});
    pressWhereTheKeyboardIs(keys);
  }
  // Keys to whichever window has the keyboard, as a person types right after a launch.
  void pressWhereTheKeyboardIs(const QStringList& keys) {
    QStringList arguments{QStringLiteral("key"), QStringLiteral("--delay"), QStringLiteral("60")};
    arguments += keys;
    runXClient(display_, QStringLiteral("xdotool"), arguments);
    QTest::qWait(300);  // the app handles the events on its own loop
  }
  // Types text into whatever has focus (a dialog's field).
  void type(const QString& text) {
    runXClient(display_, QStringLiteral("xdotool"),
               {QStringLiteral("type"), QStringLiteral("--delay"), QStringLiteral("20"), text});
    QTest::qWait(300);
  }
  // The window's title, as the X server has it.
  QString windowName(const QString& windowId) {
    return QString::fromUtf8(
        runXClient(display_, QStringLiteral("xdotool"), {QStringLiteral("getwindowname"), windowId})
            .trimmed());
  }
  // The window's pixels as the X server has them (raised first: no window manager stacks them).
  QImage grab(const QString& windowId) {
    runXClient(display_, QStringLiteral("xdotool"), {QStringLiteral("windowraise"), windowId});
    QTest::qWait(200);
    return QImage::fromData(
        runXClient(display_, QStringLiteral("import"),
                   {QStringLiteral("-window"), windowId, QStringLiteral("png:-")}),
        "PNG");
  }

 private:
  QTemporaryDir config_;
  QProcess process_;
  QString display_;
  QString stderr_;
};

// How many pixels differ between two pictures of one window (all of them if the sizes differ).
inline int differingPixels(const QImage& before, const QImage& after) {
  if (before.size() != after.size()) return before.width() * before.height();
  int count = 0;
  for (int y = 0; y < before.height(); ++y) {
    for (int x = 0; x < before.width(); ++x)
      count += before.pixel(x, y) != after.pixel(x, y) ? 1 : 0;
  }
  return count;
}

}  // namespace lockscope::testing
