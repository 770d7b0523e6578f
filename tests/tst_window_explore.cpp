// Goal: "Break it" as a teacher uses it before a class: open a lesson, press B, and the app
// searches it (without its own faults) for a schedule and a fault that break its recipe while the
// window stays live, then opens the shrunk counterexample as a lesson; the file it wrote passes
// `lockscope-cli check`, plays on Space once the popup is closed, and a second search never
// writes over the first.
//
// Method: the real lockscope binary in a real X window on its own Xvfb at a projector's 1280x720
// (tests/support/), keys typed with xdotool; the opened lesson read from the window's title, the
// files found under the app's data folder (XDG_DATA_HOME, a temporary folder here).
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

#include "support/x_window.h"
#include "support/xvfb_display.h"
#include "support/yaml_files.h"

using lockscope::testing::RunningApp;

namespace {

const QString kFoundTitle = QStringLiteral(
    "Lockscope — Found: mutual exclusion is broken (zk-curator)");

QStringList foundLessons(const QString& folder) {
  return lockscope::testing::yamlFilesUnder(folder);
}

}  // namespace

class WindowExploreTest : public QObject {
  Q_OBJECT

  std::unique_ptr<lockscope::testing::XvfbDisplay> x_;
  QTemporaryDir runtime_, data_;

 private slots:
  void initTestCase() {
    QVERIFY(runtime_.isValid() && data_.isValid());
    QFile::setPermissions(runtime_.path(),
                          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    x_ = std::make_unique<lockscope::testing::XvfbDisplay>(QStringLiteral("1280x720"));
    QVERIFY2(!x_->display().isEmpty(), "could not start Xvfb on a free display");
  }

  void breakItFindsOpensAndPlays() {
    RunningApp app(x_->display(), runtime_.path(), QStringLiteral(LOCKSCOPE_SOURCE_DIR),
                   {QStringLiteral("--scenario"),
                    QStringLiteral("tests/data/explore/zk-curator-two-clients.yaml")},
                   {QStringLiteral("XDG_DATA_HOME=") + data_.path()});
    const QString window = app.window();
    QVERIFY2(!window.isEmpty(), qPrintable(app.errors()));
    QCOMPARE(app.windowName(window),
             QStringLiteral("Lockscope — zk-curator, two clients, no fault"));

    app.press(window, {QStringLiteral("b")});
    QTRY_COMPARE_WITH_TIMEOUT(app.windowName(window), kFoundTitle, 60'000);
    const QStringList found = foundLessons(data_.path());
    QCOMPARE(found.size(), 1);
    QVERIFY2(found[0].endsWith(QStringLiteral("/found/zk-curator-two-clients-found.yaml")),
             qPrintable(found[0]));

    QProcess check;
    check.start(QStringLiteral(LOCKSCOPE_CLI_PATH), {QStringLiteral("check"), found[0]});
    QVERIFY(check.waitForFinished(60'000));
    QVERIFY2(check.exitCode() == 0, check.readAllStandardOutput().constData());

    // Esc closes the popup and gives the keys back to the player: Space plays the found lesson.
    app.press(window, {QStringLiteral("Escape")});
    const QImage before = app.grab(window);
    app.press(window, {QStringLiteral("space")});
    QTest::qWait(2'000);
    const int changed = lockscope::testing::differingPixels(before, app.grab(window));
    QVERIFY2(changed > 2'000,
             qPrintable(QStringLiteral("%1 pixels changed after Space").arg(changed)));

    // Again, from the found lesson itself: a second file, the first one kept as it was.
    QFile first(found[0]);
    QVERIFY(first.open(QIODevice::ReadOnly));
    const QByteArray firstText = first.readAll();
    app.press(window, {QStringLiteral("b")});
    QTRY_COMPARE_WITH_TIMEOUT(foundLessons(data_.path()).size(), 2, 60'000);
    QFile again(found[0]);
    QVERIFY(again.open(QIODevice::ReadOnly));
    QCOMPARE(again.readAll(), firstText);
    QVERIFY2(app.errors().isEmpty(), qPrintable(app.errors()));
  }
};

QTEST_GUILESS_MAIN(WindowExploreTest)
#include "tst_window_explore.moc"
