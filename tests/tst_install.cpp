// Goal: an installed Lockscope works on its own, as a .deb or `cmake --install` leaves it. The
// install tree has both programs, every lesson, the menu entry, the metadata, the man pages and
// the icons; the installed lockscope-cli names the project's version and passes `check` on the
// installed lessons; and the installed GUI, started from a folder without scenarios/, opens the
// first lesson from BINDIR/../share/lockscope/scenarios, also after the whole tree is moved.
//
// Method: `cmake --install BUILD --prefix TMP` of this build tree, then the installed binaries
// run through QProcess. That the GUI's lessons are the installed ones, and not the checkout's it
// would fall back to, is shown by taking the first lesson out of the install: the GUI must then
// fail on that file, under the install's path.
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run {
  int exitCode = -1;
  QString out, err;
};

// Runs `program` in `workDir` (empty: this process's), offscreen; exit code -1 if it crashed or
// did not end within `timeoutMs`.
Run runProgram(const QString& program, const QStringList& arguments, const QString& workDir,
               const QString& runtimeDir, int timeoutMs = 120'000) {
  QProcess process;
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
  environment.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtimeDir);  // else Qt warns on stderr
  process.setProcessEnvironment(environment);
  if (!workDir.isEmpty()) process.setWorkingDirectory(workDir);
  process.start(program, arguments);
  if (!process.waitForFinished(timeoutMs)) {
    process.kill();
    process.waitForFinished(10'000);
    return {-1, {}, QStringLiteral("did not finish")};
  }
  return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
          QString::fromLocal8Bit(process.readAllStandardOutput()),
          QString::fromLocal8Bit(process.readAllStandardError())};
}

QStringList filesBelow(const QString& folder, const QStringList& patterns) {
  QStringList found;
  QDirIterator it(folder, patterns, QDir::Files, QDirIterator::Subdirectories);
  while (it.hasNext()) found << QDir(folder).relativeFilePath(it.next());
  found.sort();
  return found;
}

}  // namespace

class InstallTest : public QObject {
  Q_OBJECT

  QTemporaryDir dir_;
  QString prefix_;

  QString runtimeDir() const { return dir_.filePath(QStringLiteral("runtime")); }
  QString installed(const QString& relative) const { return prefix_ + QLatin1Char('/') + relative; }

  // The GUI's headless screenshot from an empty working folder: no scenarios/ beside it.
  Run screenshot(const QString& out) const {
    const QString workDir = dir_.filePath(QStringLiteral("elsewhere"));
    return runProgram(installed(QStringLiteral("bin/lockscope")),
                      {QStringLiteral("--screenshot"), out, QStringLiteral("--size"),
                       QStringLiteral("1280x720"), QStringLiteral("--at"), QStringLiteral("1000")},
                      workDir, runtimeDir());
  }

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    QVERIFY(QDir(dir_.path()).mkpath(QStringLiteral("runtime")));
    QFile::setPermissions(runtimeDir(),
                          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    QVERIFY(QDir(dir_.path()).mkpath(QStringLiteral("elsewhere")));
    prefix_ = dir_.filePath(QStringLiteral("prefix"));
    const Run install = runProgram(
        QStringLiteral(LOCKSCOPE_CMAKE_COMMAND),
        {QStringLiteral("--install"), QStringLiteral(LOCKSCOPE_BUILD_DIR),
         QStringLiteral("--prefix"), prefix_},
        {}, runtimeDir(), 300'000);
    QVERIFY2(install.exitCode == 0, qPrintable(install.err));
  }

  void installedFiles_data() {
    QTest::addColumn<QString>("path");
    for (const char* path : {"bin/lockscope", "bin/lockscope-cli",
                             "share/applications/io.github.lockscope.Lockscope.desktop",
                             "share/metainfo/io.github.lockscope.Lockscope.metainfo.xml",
                             "share/icons/hicolor/scalable/apps/io.github.lockscope.Lockscope.svg",
                             "share/man/man1/lockscope.1", "share/man/man1/lockscope-cli.1"}) {
      QTest::newRow(path) << QString::fromLatin1(path);
    }
  }

  void installedFiles() {
    QFETCH(QString, path);
    QVERIFY2(QFileInfo(installed(path)).isFile(), qPrintable(installed(path)));
    QVERIFY(QFileInfo(installed(path)).size() > 0);
  }

  // PNG icons are rendered from the SVG at build time when a converter was found (data/).
  void pngIcons_data() {
    QTest::addColumn<int>("size");
    const QString sizes = QStringLiteral(LOCKSCOPE_PNG_ICON_SIZES);
    if (sizes.isEmpty()) QSKIP("no SVG converter at configure time: no PNG icons to install");
    for (const QString& size : sizes.split(QLatin1Char(',')))
      QTest::newRow(qPrintable(size)) << size.toInt();
  }

  void pngIcons() {
    QFETCH(int, size);
    const QString path = installed(
        QStringLiteral("share/icons/hicolor/%1x%1/apps/io.github.lockscope.Lockscope.png")
            .arg(size));
    const QImage image(path);
    QVERIFY2(!image.isNull(), qPrintable(path));
    QCOMPARE(image.size(), QSize(size, size));
    // Drawn, not blank: the middle of the padlock's body is opaque.
    QVERIFY(qAlpha(image.pixel(size / 2, size * 3 / 4)) > 200);
  }

  void lessonsInstalledInTheirFolders() {
    const QStringList patterns{QStringLiteral("*.yaml"), QStringLiteral("*.yml"),
                               QStringLiteral("*.zk")};
    const QStringList source = filesBelow(QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios"),
                                          patterns);
    QVERIFY(source.contains(QStringLiteral("zookeeper/herd-naive.yaml")));
    QCOMPARE(filesBelow(installed(QStringLiteral("share/lockscope/scenarios")), patterns), source);
  }

  void versions_data() {
    QTest::addColumn<QString>("program");
    QTest::newRow("lockscope-cli") << QStringLiteral("lockscope-cli");
    QTest::newRow("lockscope") << QStringLiteral("lockscope");
  }

  // First line: the program and project(VERSION); then Qt, the ZooKeeper C client and hiredis.
  void versions() {
    QFETCH(QString, program);
    const Run run = runProgram(installed(QStringLiteral("bin/") + program),
                               {QStringLiteral("--version")}, {}, runtimeDir());
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.err, QString());
    const QStringList lines = run.out.trimmed().split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 4);
    QCOMPARE(lines[0], program + QStringLiteral(" " LOCKSCOPE_VERSION));
    QCOMPARE(lines[1], QStringLiteral("Qt ") + QString::fromLatin1(qVersion()));
    QVERIFY2(QRegularExpression(QStringLiteral("^ZooKeeper C client \\d+\\.\\d+\\.\\d+$"))
                 .match(lines[2])
                 .hasMatch(),
             qPrintable(lines[2]));
    QVERIFY2(QRegularExpression(QStringLiteral("^hiredis \\d+\\.\\d+\\.\\d+$"))
                 .match(lines[3])
                 .hasMatch(),
             qPrintable(lines[3]));
  }

  // The files written by hand name the version the programs print: software centres show the
  // metainfo's newest <release>, man shows the pages' headers. A release updates them all.
  void documentsNameTheVersion_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("pattern");  // its first match captures the version
    QTest::newRow("metainfo") << QStringLiteral(
                                     "share/metainfo/io.github.lockscope.Lockscope.metainfo.xml")
                              << QStringLiteral("<release version=\"([^\"]+)\"");
    for (const char* page : {"share/man/man1/lockscope.1", "share/man/man1/lockscope-cli.1"}) {
      QTest::newRow(page) << QString::fromLatin1(page)
                          << QStringLiteral("^\\.TH \\S+ 1 \"[^\"]*\" \"Lockscope ([^\"]+)\"");
    }
  }

  void documentsNameTheVersion() {
    QFETCH(QString, path);
    QFETCH(QString, pattern);
    QFile file(installed(path));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const auto match = QRegularExpression(pattern, QRegularExpression::MultilineOption)
                           .match(QString::fromUtf8(file.readAll()));
    QVERIFY2(match.hasMatch(), qPrintable(path));
    QCOMPARE(match.captured(1), QStringLiteral(LOCKSCOPE_VERSION));
  }

  void installedLessonsPassCheck() {
    const Run run = runProgram(
        installed(QStringLiteral("bin/lockscope-cli")),
        {QStringLiteral("check"), installed(QStringLiteral("share/lockscope/scenarios"))}, {},
        runtimeDir(), 600'000);
    QVERIFY2(run.exitCode == 0, qPrintable(run.out.right(2000) + run.err));
    const QString last = run.out.trimmed().split(QLatin1Char('\n')).constLast();
    const auto match = QRegularExpression(QStringLiteral("^(\\d+) passed, 0 failed")).match(last);
    QVERIFY2(match.hasMatch(), qPrintable(last));
    QVERIFY2(match.captured(1).toInt() >= 50, qPrintable(last));  // the lessons, not a few
  }

  // Last: it moves the install and takes a lesson out of it.
  void guiFindsInstalledLessons() {
    const QString out = dir_.filePath(QStringLiteral("installed.png"));
    Run run = screenshot(out);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(QImage(out).size(), QSize(1280, 720));

    // Moved as a whole (an unpacked package, a copied folder): found beside the binary again.
    const QString moved = dir_.filePath(QStringLiteral("moved"));
    QVERIFY(QDir().rename(prefix_, moved));
    prefix_ = moved;
    const QString movedOut = dir_.filePath(QStringLiteral("moved.png"));
    run = screenshot(movedOut);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(QImage(movedOut).size(), QSize(1280, 720));

    // Without the installed first lesson the GUI fails on it, naming the installed path: the
    // pictures above came from the install, not from the checkout this binary was built from.
    const QString herd = installed(
        QStringLiteral("share/lockscope/scenarios/zookeeper/herd-naive.yaml"));
    QVERIFY(QFile::remove(herd));
    const QString missingOut = dir_.filePath(QStringLiteral("missing.png"));
    run = screenshot(missingOut);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(moved), qPrintable(run.err));
    QVERIFY(!QFile::exists(missingOut));
  }
};

QTEST_GUILESS_MAIN(InstallTest)
#include "tst_install.moc"
