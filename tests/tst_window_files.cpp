// Goal: Record (Ctrl+S), Export (Ctrl+E) and Open (Ctrl+O) work through the app's real dialogs
// as a lecturer uses them: a path typed into the dialog and Enter. Record writes a scenario that
// keeps the lesson's fault and the one clicked by key, loads, and replays to the same trace hash
// when opened and recorded again; an existing file is never replaced without asking (Esc keeps
// it, a second Enter replaces it); Export writes a PNG of the window; Open loads the typed file.
//
// Method: the real lockscope binary in a real X window on its own Xvfb (tests/support/), every
// key typed with xdotool; the files checked on disk, the runs replayed with `lockscope-cli run
// --json` and compared by trace_sha256; the loaded lesson read from the window's title.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

#include "support/retitled_lesson.h"
#include "support/x_window.h"
#include "support/xvfb_display.h"

using lockscope::testing::RunningApp;

namespace {

// `lockscope-cli run FILE --json`'s trace hash; empty if it did not run.
QString traceHash(const QString& file) {
  QProcess cli;
  cli.start(QStringLiteral(LOCKSCOPE_CLI_PATH),
            {QStringLiteral("run"), file, QStringLiteral("--json")});
  if (!cli.waitForFinished(60'000) || cli.exitStatus() != QProcess::NormalExit ||
      cli.exitCode() > 1)
    return {};
  return QJsonDocument::fromJson(cli.readAllStandardOutput())
      .object()
      .value(QStringLiteral("trace_sha256"))
      .toString();
}

int faultCount(const QString& file) {
  QFile text(file);
  if (!text.open(QIODevice::ReadOnly)) return -1;
  int count = 0;
  bool inFaults = false;
  for (const QByteArray& line : text.readAll().split('\n')) {
    if (!line.startsWith(' ') && !line.startsWith('-')) inFaults = line.startsWith("faults:");
    if (inFaults && line.trimmed().startsWith("- at:")) ++count;
  }
  return count;
}

}  // namespace

class WindowFilesTest : public QObject {
  Q_OBJECT

  std::unique_ptr<lockscope::testing::XvfbDisplay> x_;
  QTemporaryDir runtime_, files_;
  std::unique_ptr<RunningApp> app_;
  QString window_;

  // Opens a dialog with `keys`, replaces its path with `path`, and presses Enter.
  void typeIntoDialog(const QString& keys, const QString& path) {
    app_->press(window_, {keys});
    app_->press(window_, {QStringLiteral("ctrl+a")});
    app_->type(path);
    app_->press(window_, {QStringLiteral("Return")});
  }

 private slots:
  void initTestCase() {
    QVERIFY(runtime_.isValid() && files_.isValid());
    QFile::setPermissions(runtime_.path(),
                          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    x_ = std::make_unique<lockscope::testing::XvfbDisplay>();
    QVERIFY2(!x_->display().isEmpty(), "could not start Xvfb on a free display");
    app_ = std::make_unique<RunningApp>(
        x_->display(), runtime_.path(), QStringLiteral(LOCKSCOPE_SOURCE_DIR),
        QStringList{QStringLiteral("--scenario"),
                    QStringLiteral("scenarios/zookeeper/crash-holder.yaml")});
    window_ = app_->window();
    QVERIFY2(!window_.isEmpty(), qPrintable(app_->errors()));
  }

  void recordKeepsEveryFaultAndReplays() {
    // Select c2 (Tab, Tab) and crash it (C) at the start: a fault of the class's own.
    app_->press(window_, {QStringLiteral("Tab"), QStringLiteral("Tab"), QStringLiteral("c")});
    const QString recorded = files_.filePath(QStringLiteral("recorded.yaml"));
    typeIntoDialog(QStringLiteral("ctrl+s"), recorded);
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(recorded), 5'000);
    QCOMPARE(faultCount(recorded), 2);  // the lesson's crash of c1 and the clicked crash of c2
    const QString hash = traceHash(recorded);
    QVERIFY(!hash.isEmpty());
    QVERIFY(hash != traceHash(QStringLiteral(LOCKSCOPE_SOURCE_DIR
                                             "/scenarios/zookeeper/crash-holder.yaml")));

    // Opened and recorded again without a click: the very same run.
    typeIntoDialog(QStringLiteral("ctrl+o"), recorded);
    const QString again = files_.filePath(QStringLiteral("again"));  // Record adds ".yaml"
    typeIntoDialog(QStringLiteral("ctrl+s"), again);
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(again + QStringLiteral(".yaml")), 5'000);
    QCOMPARE(faultCount(again + QStringLiteral(".yaml")), 2);
    QCOMPARE(traceHash(again + QStringLiteral(".yaml")), hash);
    QVERIFY2(app_->running() && app_->errors().isEmpty(), qPrintable(app_->errors()));
  }

  void recordAsksBeforeReplacing() {
    const QString file = files_.filePath(QStringLiteral("taken.yaml"));
    QFile taken(file);
    QVERIFY(taken.open(QIODevice::WriteOnly) && taken.write("# a teacher's own file\n") > 0);
    taken.close();
    typeIntoDialog(QStringLiteral("ctrl+s"), file);
    QTest::qWait(500);
    app_->press(window_, {QStringLiteral("Escape")});  // the dialog asked: no
    QTest::qWait(500);
    QVERIFY(taken.open(QIODevice::ReadOnly));
    QCOMPARE(taken.readAll(), QByteArray("# a teacher's own file\n"));
    taken.close();
    typeIntoDialog(QStringLiteral("ctrl+s"), file);
    app_->press(window_, {QStringLiteral("Return")});  // yes, replace it
    QTRY_VERIFY_WITH_TIMEOUT(faultCount(file) >= 1, 5'000);
  }

  void exportWritesTheWindow() {
    const QString png = files_.filePath(QStringLiteral("view"));  // Export adds ".png"
    typeIntoDialog(QStringLiteral("ctrl+e"), png);
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(png + QStringLiteral(".png")), 5'000);
    const QImage image(png + QStringLiteral(".png"));
    QVERIFY(!image.isNull());
    QVERIFY2(image.width() >= 1024 && image.height() >= 640,
             qPrintable(QStringLiteral("%1x%2").arg(image.width()).arg(image.height())));
  }

  void openLoadsTheTypedFile() {
    const QByteArray text = lockscope::testing::retitledLesson(
        QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/zookeeper/herd-chained.yaml"),
        "Opened through the dialog");
    QVERIFY(!text.isEmpty());
    const QString file = files_.filePath(QStringLiteral("opened.yaml"));
    QFile copy(file);
    QVERIFY(copy.open(QIODevice::WriteOnly) && copy.write(text) == text.size());
    copy.close();
    typeIntoDialog(QStringLiteral("ctrl+o"), file);
    QTRY_VERIFY_WITH_TIMEOUT(
        app_->windowName(window_).contains(QLatin1String("Opened through the dialog")), 5'000);
    QVERIFY2(app_->running() && app_->errors().isEmpty(), qPrintable(app_->errors()));
  }

  void cleanupTestCase() { app_.reset(); }
};

QTEST_GUILESS_MAIN(WindowFilesTest)
#include "tst_window_files.moc"
