// Goal: the headless command line does what the README says. `lockscope --scenario FILE --at T
// --screenshot OUT.png --size WxH` writes a PNG of exactly that size showing the app (not a blank
// frame), and says so in one line; a bad option or a missing scenario file is one line on stderr
// and a non-zero exit, with no PNG written. The README's main command (no arguments: the first
// lesson in compare mode) and a compare-mode launch start and stay up with their event loop.
//
// Method: the built binary run through QProcess (offscreen, software renderer), its PNG read back
// with QImage.
#include <QImage>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>

namespace {

struct Run {
  int exitCode = -1;
  QString out, err;
};

Run lockscope(const QStringList& arguments, const QString& runtimeDir) {
  QProcess process;
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
  environment.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtimeDir);  // else Qt warns on stderr
  process.setProcessEnvironment(environment);
  process.start(QStringLiteral(LOCKSCOPE_GUI_PATH), arguments);
  if (!process.waitForFinished(60'000)) return {};
  return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
          QString::fromLocal8Bit(process.readAllStandardOutput()),
          QString::fromLocal8Bit(process.readAllStandardError())};
}

QString lesson(const char* name) {
  return QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/zookeeper/") + QLatin1String(name);
}

// Starts the app with its event loop (offscreen), lets it play for `seconds`, and returns what it
// printed on stderr; empty `crash` when it was still up at the end, else how it ended.
QString staysUp(const QStringList& arguments, const QString& runtimeDir, int seconds,
                QString& err) {
  QProcess process;
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
  environment.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtimeDir);
  process.setProcessEnvironment(environment);
  process.setWorkingDirectory(QStringLiteral(LOCKSCOPE_SOURCE_DIR));  // as the README runs it
  process.start(QStringLiteral(LOCKSCOPE_GUI_PATH), arguments);
  if (!process.waitForStarted(10'000)) return QStringLiteral("did not start");
  const bool ended = process.waitForFinished(seconds * 1000);
  QString crash;
  if (ended) {
    crash = process.exitStatus() == QProcess::CrashExit
                ? QStringLiteral("crashed")
                : QStringLiteral("exited with %1").arg(process.exitCode());
  } else {
    process.kill();
    process.waitForFinished(10'000);
  }
  err = QString::fromLocal8Bit(process.readAllStandardError());
  return crash;
}

}  // namespace

class GuiCliTest : public QObject {
  Q_OBJECT

  QTemporaryDir dir_;

  QString runtimeDir() const { return dir_.path(); }

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    QFile::setPermissions(dir_.path(),
                          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
  }

  void aScreenshotHasTheSizeAskedForAndShowsTheApp() {
    const QString out = dir_.filePath(QStringLiteral("herd.png"));
    const Run run = lockscope(
        {QStringLiteral("--scenario"), lesson("herd-naive.yaml"), QStringLiteral("--at"),
         QStringLiteral("2.5s"), QStringLiteral("--screenshot"), out, QStringLiteral("--size"),
         QStringLiteral("1100x700")},
        runtimeDir());
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.startsWith(out + QStringLiteral(": 1100x700 at ")), qPrintable(run.out));
    const QImage image(out);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), QSize(1100, 700));
    // Not a blank frame: the stage's client colours, text and panels give many distinct colours,
    // spread over the whole window (its top bar, middle and bottom rows all have ink on them).
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3) {
      for (int x = 0; x < image.width(); x += 3) colours.insert(image.pixel(x, y));
    }
    QVERIFY2(colours.size() > 50, qPrintable(QString::number(colours.size())));
    for (int band = 0; band < 3; ++band) {
      int dark = 0;
      for (int y = band * image.height() / 3; y < (band + 1) * image.height() / 3; ++y) {
        for (int x = 0; x < image.width(); ++x) dark += qGray(image.pixel(x, y)) < 100 ? 1 : 0;
      }
      QVERIFY2(dark > 200,
               qPrintable(QStringLiteral("band %1: %2 dark pixels").arg(band).arg(dark)));
    }
  }

  // The README's main command opened the first lesson in compare mode and crashed in the first
  // layout (a Repeater in the metrics grid rebuilt its cells while the layout arranged them).
  void theReadmeCommandAndCompareModeStayUp_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("no arguments (README)") << QStringList{};
    QTest::newRow("compare on crash-holder")
        << QStringList{QStringLiteral("--scenario"), lesson("crash-holder.yaml"),
                       QStringLiteral("--compare"), QStringLiteral("zk-naive")};
  }

  void theReadmeCommandAndCompareModeStayUp() {
    QFETCH(QStringList, arguments);
    QString err;
    const QString crash = staysUp(arguments, runtimeDir(), 5, err);
    QVERIFY2(crash.isEmpty(), qPrintable(crash + ": " + err));
    // A QML warning is a defect too (a binding on a null, a layout loop).
    QVERIFY2(!err.contains(QLatin1String("qrc:/")), qPrintable(err));
  }

  // Ctrl+C (SIGINT) or SIGTERM in the terminal that started the app closes it as its close
  // button does, with exit code 0: a live run in progress would stop and clean up first
  // (live_interrupt.h; tst_gui_live closes one), where the default action killed the process.
  void aSignalClosesTheAppCleanly_data() {
    QTest::addColumn<int>("signal");
    QTest::newRow("SIGINT") << SIGINT;
    QTest::newRow("SIGTERM") << SIGTERM;
  }

  void aSignalClosesTheAppCleanly() {
    QFETCH(int, signal);
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    environment.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtimeDir());
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(LOCKSCOPE_GUI_PATH),
                  {QStringLiteral("--scenario"), lesson("crash-holder.yaml")});
    QVERIFY(process.waitForStarted(10'000));
    QVERIFY2(!process.waitForFinished(3000), "the app ended by itself");  // up, in its loop
    QCOMPARE(::kill(static_cast<pid_t>(process.processId()), signal), 0);
    QVERIFY2(process.waitForFinished(15'000), "the app did not close on the signal");
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(process.exitCode(), 0);
  }

  // README, "中文 / Chinese": --language picks the window's language for a headless screenshot
  // whatever the locale; the same moment in Chinese is another picture than in English.
  void aScreenshotInChinese() {
    QImage shots[2];
    const QString languages[2] = {QStringLiteral("en"), QStringLiteral("zh_CN")};
    for (int index = 0; index < 2; ++index) {
      const QString out = dir_.filePath(languages[index] + QStringLiteral(".png"));
      const Run run = lockscope(
          {QStringLiteral("--language"), languages[index], QStringLiteral("--scenario"),
           lesson("herd-naive.yaml"), QStringLiteral("--at"), QStringLiteral("60ms"),
           QStringLiteral("--screenshot"), out, QStringLiteral("--size"),
           QStringLiteral("1280x720")},
          runtimeDir());
      QVERIFY2(run.exitCode == 0, qPrintable(run.err));
      shots[index] = QImage(out);
      QCOMPARE(shots[index].size(), QSize(1280, 720));
    }
    QVERIFY(shots[0] != shots[1]);
  }

  // --course opens the course map over the window: the middle of the picture is the lesson
  // browser's, not the stage's (the modal map also dims what is behind it).
  void theCourseMapOpensOverTheWindow() {
    QImage shots[2];
    for (int index = 0; index < 2; ++index) {
      const QString out = dir_.filePath(QStringLiteral("course%1.png").arg(index));
      QStringList arguments{QStringLiteral("--scenario"),   lesson("herd-naive.yaml"),
                            QStringLiteral("--at"),         QStringLiteral("0"),
                            QStringLiteral("--screenshot"), out,
                            QStringLiteral("--size"),       QStringLiteral("1280x720")};
      if (index == 1) arguments << QStringLiteral("--course");
      const Run run = lockscope(arguments, runtimeDir());
      QVERIFY2(run.exitCode == 0, qPrintable(run.err));
      shots[index] = QImage(out);
      QCOMPARE(shots[index].size(), QSize(1280, 720));
    }
    auto differing = [&](const QRect& area) {
      int count = 0;
      for (int y = area.top(); y <= area.bottom(); y += 2) {
        for (int x = area.left(); x <= area.right(); x += 2)
          count += shots[0].pixel(x, y) != shots[1].pixel(x, y) ? 1 : 0;
      }
      return count * 4.0 / (area.width() * area.height());
    };
    const double middle = differing(QRect(440, 260, 400, 200));
    QVERIFY2(middle > 0.3, qPrintable(QString::number(middle)));
  }

  void badOptionsAreOneLineAndAFailure_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    const QString out = QStringLiteral("never.png");
    QTest::newRow("size without x")
        << QStringList{QStringLiteral("--scenario"),   lesson("herd-naive.yaml"),
                       QStringLiteral("--screenshot"), out,
                       QStringLiteral("--size"),       QStringLiteral("1600")}
        << QStringLiteral("lockscope: --size: expected WIDTHxHEIGHT");
    QTest::newRow("size not a number")
        << QStringList{QStringLiteral("--screenshot"), out, QStringLiteral("--size"),
                       QStringLiteral("bigxsmall")}
        << QStringLiteral("lockscope: --size:");
    QTest::newRow("size below the minimum")
        << QStringList{QStringLiteral("--scenario"),   lesson("herd-naive.yaml"),
                       QStringLiteral("--screenshot"), out,
                       QStringLiteral("--size"),       QStringLiteral("800x500")}
        << QStringLiteral("lockscope: --size: at least 1024x640");
    QTest::newRow("size missing") << QStringList{QStringLiteral("--screenshot"), out,
                                                 QStringLiteral("--size")}
                                  << QStringLiteral("lockscope: --size: expected a value");
    QTest::newRow("bad time") << QStringList{QStringLiteral("--screenshot"), out,
                                             QStringLiteral("--at"), QStringLiteral("soon")}
                              << QStringLiteral("lockscope: --at:");
    QTest::newRow("unknown language")
        << QStringList{QStringLiteral("--language"), QStringLiteral("fr"),
                       QStringLiteral("--screenshot"), out}
        << QStringLiteral("lockscope: --language: expected en or zh_CN, got 'fr'");
    QTest::newRow("language missing") << QStringList{QStringLiteral("--language")}
                                      << QStringLiteral("lockscope: --language: expected a value");
    QTest::newRow("unknown option") << QStringList{QStringLiteral("--fullscreen")}
                                    << QStringLiteral("lockscope: unknown option '--fullscreen'");
    QTest::newRow("missing file") << QStringList{QStringLiteral("--scenario"),
                                                 QStringLiteral("/nonexistent/lesson.yaml"),
                                                 QStringLiteral("--screenshot"), out}
                                  << QStringLiteral("lockscope: /nonexistent/lesson.yaml");
  }

  void badOptionsAreOneLineAndAFailure() {
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    for (QString& argument : arguments) {
      if (argument == QLatin1String("never.png")) argument = dir_.filePath(argument);
    }
    const Run run = lockscope(arguments, runtimeDir());
    QVERIFY2(run.exitCode > 0, qPrintable(QString::number(run.exitCode)));
    const QStringList lines = run.err.trimmed().split(QLatin1Char('\n'));
    QVERIFY2(lines.size() == 1, qPrintable(run.err));
    QVERIFY2(lines.constFirst().startsWith(message), qPrintable(run.err));
    QVERIFY(!QFile::exists(dir_.filePath(QStringLiteral("never.png"))));
  }
};

QTEST_GUILESS_MAIN(GuiCliTest)
#include "tst_gui_cli.moc"
