// Goal: a database scenario opens and plays in the real app at a projector's 1280x720, alone and
// in compare mode against a second database recipe, without a crash, an exit or a warning, and
// the stage draws the database (tables, clients with their SQL) rather than a znode tree; a
// lesson with `compare_with:` another service's recipe opens in compare mode and plays to its end.
//
// Method: the real lockscope binary in a real X window on its own Xvfb screen of 1280x720
// (tests/support/), Space typed with xdotool, the window grabbed before and after playing. The
// grabs are kept in LOCKSCOPE_WINDOW_SHOTS (if set) for a person to look at: what a picture
// shows is judged by eye, what a test can judge (it moved, nothing warned) is judged here.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

#include "support/x_window.h"
#include "support/xvfb_display.h"

using lockscope::testing::RunningApp;

namespace {

constexpr int kPlay_ms = 4'000;

// Five clients queueing FOR UPDATE on one row, slowly enough that the queue is on the stage for
// most of the run.
constexpr const char* kScenario =
    "title: \"Five clients queue FOR UPDATE on one row\"\n"
    "summary: \"db-for-update with five clients: one holds the row lock, four wait in order\"\n"
    "backend: database\n"
    "recipe: db-for-update\n"
    "seed: 3\n"
    "clients: 5\n"
    "hold_ms: 400\n";

}  // namespace

class WindowDatabaseTest : public QObject {
  Q_OBJECT

  std::unique_ptr<lockscope::testing::XvfbDisplay> x_;
  QTemporaryDir runtime_, files_;
  QString scenario_;

  // Opens `lesson`, goes to the end of its run and returns the picture (saved as `shot` when
  // shots are kept); null if the app died or warned.
  QImage playedToTheEnd(const QString& lesson, const QString& shot) {
    RunningApp app(x_->display(), runtime_.path(), QStringLiteral(LOCKSCOPE_SOURCE_DIR),
                   {QStringLiteral("--scenario"), lesson});
    const QString window = app.window();
    if (window.isEmpty()) {
      qWarning("no window; the app is %s; stderr: %s", qPrintable(app.state()),
               qPrintable(app.errors()));
      return {};
    }
    app.press(window, {QStringLiteral("End")});
    QTest::qWait(1'500);
    const QImage picture = app.grab(window);
    const QString shots = qEnvironmentVariable("LOCKSCOPE_WINDOW_SHOTS");
    if (!shots.isEmpty() && !picture.isNull()) {
      QDir().mkpath(shots);
      picture.save(shots + QLatin1Char('/') + shot);
    }
    if (!app.running() || !app.errors().isEmpty()) {
      qWarning("%s after playing; stderr: %s", qPrintable(app.state()), qPrintable(app.errors()));
      return {};
    }
    return picture;
  }

  // Opens the app with `arguments`, plays it for a while and checks that it lives, moved and said
  // nothing; the picture after playing is saved as `shot` when shots are kept.
  void openAndPlay(const QStringList& arguments, const QString& shot) {
    RunningApp app(x_->display(), runtime_.path(), QStringLiteral(LOCKSCOPE_SOURCE_DIR), arguments);
    const QString window = app.window();
    QVERIFY2(
        !window.isEmpty(),
        qPrintable(
            QStringLiteral("no window; the app is %1; stderr: %2").arg(app.state(), app.errors())));
    const QImage before = app.grab(window);
    QVERIFY(!before.isNull());
    // The window fills the projector's screen.
    QCOMPARE(before.size(), QSize(1280, 720));
    app.press(window, {QStringLiteral("space")});
    QTest::qWait(kPlay_ms);
    QVERIFY2(
        app.running(),
        qPrintable(QStringLiteral("%1 after playing; stderr: %2").arg(app.state(), app.errors())));
    const QImage after = app.grab(window);
    QVERIFY(!after.isNull());
    const int changed = lockscope::testing::differingPixels(before, after);
    QVERIFY2(changed > 2'000,
             qPrintable(QStringLiteral("%1 pixels changed while playing").arg(changed)));
    const QString shots = qEnvironmentVariable("LOCKSCOPE_WINDOW_SHOTS");
    if (!shots.isEmpty()) {
      QDir().mkpath(shots);
      QVERIFY(after.save(shots + QLatin1Char('/') + shot));
    }
    QVERIFY2(app.errors().isEmpty(), qPrintable(app.errors()));
  }

 private slots:
  void initTestCase() {
    QVERIFY(runtime_.isValid() && files_.isValid());
    QFile::setPermissions(runtime_.path(),
                          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    scenario_ = files_.filePath(QStringLiteral("five-queue.yaml"));
    QFile file(scenario_);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(kScenario);
    file.close();
    x_ = std::make_unique<lockscope::testing::XvfbDisplay>(QStringLiteral("1280x720"));
    QVERIFY2(!x_->display().isEmpty(), "could not start Xvfb on a free display");
  }

  void aDatabaseScenarioOpensAndPlays() {
    openAndPlay({QStringLiteral("--scenario"), scenario_}, QStringLiteral("database-stage.png"));
  }

  // The lesson opens in compare mode, db-no-expiry beside zk-curator, and goes to the end of its
  // run (End). Judged against the same lesson without its
  // compare_with line: one stage instead of two, so most of the stage's pixels differ.
  void aLessonOpensCompareModeWithAnotherService() {
    const QString lesson = QStringLiteral(LOCKSCOPE_SOURCE_DIR
                                          "/scenarios/database/crashed-holder-vs-zookeeper.yaml");
    QFile original(lesson);
    QVERIFY(original.open(QIODevice::ReadOnly));
    QByteArray alone = original.readAll();
    QVERIFY(alone.contains("compare_with: zk-curator\n"));
    alone.replace("compare_with: zk-curator\n", "");
    const QString aloneFile = files_.filePath(QStringLiteral("crashed-holder-alone.yaml"));
    QFile out(aloneFile);
    QVERIFY(out.open(QIODevice::WriteOnly) && out.write(alone) == alone.size());
    out.close();

    const QImage compared = playedToTheEnd(lesson, QStringLiteral("compare-services.png"));
    const QImage single = playedToTheEnd(aloneFile, QStringLiteral("compare-services-alone.png"));
    QVERIFY(!compared.isNull() && !single.isNull());
    const int changed = lockscope::testing::differingPixels(compared, single);
    QVERIFY2(
        changed > 1280 * 720 / 8,
        qPrintable(
            QStringLiteral("%1 pixels differ from the lesson without compare_with").arg(changed)));
  }

  void twoDatabaseRecipesCompare() {
    openAndPlay({QStringLiteral("--scenario"), scenario_, QStringLiteral("--compare"),
                 QStringLiteral("db-optimistic")},
                QStringLiteral("database-compare.png"));
  }
};

QTEST_GUILESS_MAIN(WindowDatabaseTest)
#include "tst_window_database.moc"
