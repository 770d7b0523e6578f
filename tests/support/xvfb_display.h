// A real X server for tests that run the app as people do: Xvfb (Debian's `xvfb`) started on the
// first free display of a range, stopped when this object goes. No window manager: xdotool gives
// focus directly (tests/support/x_window.h).
//
// The range is LOCKSCOPE_XVFB_DISPLAYS ("FIRST-LAST", default 90-119), so parallel test runs
// on one machine can be given separate displays. A display is free when its Xvfb starts and
// its socket appears; one that is taken makes Xvfb exit at once, and the next is tried.
#pragma once

#include <QDeadlineTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QString>
#include <QThread>
#include <memory>

namespace lockscope::testing {

class XvfbDisplay {
 public:
  // Starts Xvfb with one screen of `size` ("1920x1080"); display() is empty when none started.
  explicit XvfbDisplay(const QString& size = QStringLiteral("1920x1080")) {
    auto [first, last] = displayRange();
    for (int number = first; number <= last && display_.isEmpty(); ++number) {
      if (QFileInfo::exists(QStringLiteral("/tmp/.X%1-lock").arg(number))) continue;
      auto server = std::make_unique<QProcess>();
      server->setProcessChannelMode(QProcess::ForwardedErrorChannel);
      server->start(
          QStringLiteral("Xvfb"),
          {QStringLiteral(":%1").arg(number), QStringLiteral("-screen"), QStringLiteral("0"),
           size + QStringLiteral("x24"), QStringLiteral("-nolisten"), QStringLiteral("tcp"),
           // else the server resets when its last client leaves,
           // and the next app may connect in the middle of it
           QStringLiteral("-noreset")});
      if (!server->waitForStarted(5'000)) return;  // no Xvfb installed: nothing else will work
      const QString socket = QStringLiteral("/tmp/.X11-unix/X%1").arg(number);
      // The display is ours when its lock file names our server: two tests (ctest -j2) starting
      // the same display at once both saw the winner's socket, the loser's Xvfb exited a moment
      // later, and the loser's apps lost their display when the winner's test ended.
      const auto ours = [&] {
        QFile lock(QStringLiteral("/tmp/.X%1-lock").arg(number));
        return QFileInfo::exists(socket) && lock.open(QIODevice::ReadOnly) &&
               lock.readAll().trimmed().toLongLong() == server->processId();
      };
      QDeadlineTimer deadline(10'000);
      while (!deadline.hasExpired() && server->state() == QProcess::Running && !ours()) {
        QThread::msleep(50);
      }
      if (server->state() == QProcess::Running && ours()) {
        display_ = QStringLiteral(":%1").arg(number);
        server_ = std::move(server);
      }
    }
  }
  ~XvfbDisplay() {
    if (!server_) return;
    server_->terminate();
    if (!server_->waitForFinished(5'000)) server_->kill();
    server_->waitForFinished(5'000);
  }
  XvfbDisplay(const XvfbDisplay&) = delete;
  XvfbDisplay& operator=(const XvfbDisplay&) = delete;

  const QString& display() const { return display_; }

 private:
  static std::pair<int, int> displayRange() {
    const QStringList range =
        qEnvironmentVariable("LOCKSCOPE_XVFB_DISPLAYS", QStringLiteral("90-119")).split(u'-');
    bool firstOk = false, lastOk = false;
    const int first = range.value(0).toInt(&firstOk), last = range.value(1).toInt(&lastOk);
    if (range.size() != 2 || !firstOk || !lastOk)
      qFatal("LOCKSCOPE_XVFB_DISPLAYS: expected FIRST-LAST, e.g. 90-119");
    return {first, last};
  }

  QString display_;
  std::unique_ptr<QProcess> server_;
};

}  // namespace lockscope::testing
