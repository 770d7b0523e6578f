// Goal: the zkCli console in the window as a teacher uses it. Ctrl+K opens it with the keyboard
// in its input line; what is typed there stays there (Space does not play, "1" answers nothing:
// the window's single-key shortcuts do not see it); Enter runs the line, and after
// `create -e -s /lock/x-` the stage holds the node and draws its row; Up brings the last line
// back; Esc gives the keys back to the player; closing the console gives the stage back to the
// lesson, and so does opening another lesson. In a Redis lesson the console is redis-cli's: the
// button says so, and a typed SET puts the key on the stage, its TTL running out in real time.
//
// Method: Main.qml loaded as the app loads it, in a real window (offscreen platform), driven only
// by key events sent to that window (QTest::keyClick goes through Qt's window-system input). What
// happened is read from the Simulation (the console, the stage state, playing) and the stage
// view's znodeRect and keyTexts.
#include <QQmlApplicationEngine>
#include <QQuickItem>
#include <QQuickWindow>
#include <QTest>

#include "simulation_controller.h"
#include "stage_view.h"
#include "support/gui_window.h"

using lockscope::gui::SimulationController;

class GuiConsoleTest : public QObject {
  Q_OBJECT

  QQmlApplicationEngine* engine_ = nullptr;
  QQuickWindow* window_ = nullptr;
  SimulationController* simulation_ = nullptr;

  QQuickItem* item(const char* name) const { return lockscope::testing::namedItem(window_, name); }
  void type(const QString& text) { lockscope::testing::typeText(window_, text); }
  QString typed() const { return item("consoleInput")->property("text").toString(); }

 private slots:
  void initTestCase() {
    engine_ = new QQmlApplicationEngine(this);
    simulation_ = lockscope::testing::openActiveWindow(
        *engine_, window_, 1280, 720,
        QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/zookeeper/crash-holder.yaml"));
    QVERIFY(simulation_);
  }

  void ctrlKOpensTheConsoleWithTheKeyboardInIt() {
    QVERIFY(!simulation_->console()->active());
    QTest::keyClick(window_, Qt::Key_K, Qt::ControlModifier);
    QTRY_VERIFY(simulation_->console()->active());
    QTRY_VERIFY(item("consoleInput")->hasActiveFocus());
    QCOMPARE(simulation_->run()->clientCount(), 1);  // the shell's session, zkCli-1
  }

  void typedKeysStayInTheConsole() {
    QVERIFY(!simulation_->playback()->playing());
    type(QStringLiteral("1 2"));
    QCOMPARE(typed(), QStringLiteral("1 2"));
    QVERIFY2(!simulation_->playback()->playing(), "Space reached the player");
    QCOMPARE(simulation_->playback()->chosenAnswer(), -1);
    // The arrows move the text cursor, not the run's.
    const int shown = simulation_->playback()->eventIndex();
    QTest::keyClick(window_, Qt::Key_Left);
    QTest::keyClick(window_, Qt::Key_Home);
    QCOMPARE(simulation_->playback()->eventIndex(), shown);
    QCOMPARE(item("consoleInput")->property("cursorPosition").toInt(), 0);
    QTest::keyClick(window_, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(window_, Qt::Key_Backspace);
    QCOMPARE(typed(), QString());
  }

  void aCreatedNodeIsOnTheStage() {
    type(QStringLiteral("create /lock"));
    QTest::keyClick(window_, Qt::Key_Return);
    type(QStringLiteral("create -e -s /lock/x-"));
    QTest::keyClick(window_, Qt::Key_Return);
    QCOMPARE(typed(), QString());
    QVERIFY2(simulation_->console()->transcript().endsWith(
                 QStringLiteral("create -e -s /lock/x-\nCreated /lock/x-0000000000\n")),
             qPrintable(simulation_->console()->transcript()));
    // The command's events play on the stage; at their end the node is there, with its row.
    QVERIFY(simulation_->playback()->playing());
    simulation_->playback()->toEnd();
    QVERIFY(simulation_->stage().znodes().count("/lock/x-0000000000"));
    auto* stage = window_->findChild<lockscope::gui::StageView*>(QStringLiteral("stage"));
    QVERIFY(stage);
    QTRY_VERIFY(!stage->znodeRect(QStringLiteral("/lock/x-0000000000")).isEmpty());
  }

  // A click on the console's session opens no fault menu: those act on the lesson's clients, and
  // a fault there took the stage back from the console (its c1 crashed for a click on zkCli-1).
  void aClickOnTheConsolesSessionOpensNoFaultMenu() {
    auto* stage = window_->findChild<lockscope::gui::StageView*>(QStringLiteral("stage"));
    QVERIFY(stage);
    QTRY_VERIFY(!stage->clientRect(0).isEmpty());
    const QPoint card = stage->mapToScene(stage->clientRect(0).center()).toPoint();
    QTest::mouseClick(window_, Qt::LeftButton, Qt::NoModifier, card);
    QTest::mouseClick(window_, Qt::LeftButton, Qt::NoModifier,
                      stage->mapToScene(stage->serverRect().center()).toPoint());
    QTest::qWait(100);
    for (const char* menu : {"faultMenu", "serverMenu"})
      QVERIFY2(!window_->findChild<QObject*>(QLatin1String(menu))->property("visible").toBool(),
               menu);
    QVERIFY(simulation_->console()->active());
    QCOMPARE(simulation_->run()->clientCount(), 1);
    // The keyboard back in the console's line for the next test.
    item("consoleInput")->forceActiveFocus();
  }

  void upBringsTheLastLineBack() {
    QTest::keyClick(window_, Qt::Key_Up);
    QCOMPARE(typed(), QStringLiteral("create -e -s /lock/x-"));
    QTest::keyClick(window_, Qt::Key_Up);
    QCOMPARE(typed(), QStringLiteral("create /lock"));
    QTest::keyClick(window_, Qt::Key_Down);
    QTest::keyClick(window_, Qt::Key_Down);
    QCOMPARE(typed(), QString());
  }

  void escGivesTheKeysBackToThePlayer() {
    // Stopped at the start (the last command may still be playing on).
    simulation_->playback()->pause();
    simulation_->playback()->restart();
    QTest::keyClick(window_, Qt::Key_Escape);
    QTRY_VERIFY(!item("consoleInput")->hasActiveFocus());
    QVERIFY(!simulation_->playback()->playing());
    QTest::keyClick(window_, Qt::Key_Space);
    QVERIFY2(simulation_->playback()->playing(), "Space did not reach the player");
    simulation_->playback()->pause();
  }

  void closingTheConsoleBringsTheLessonBack() {
    QTest::keyClick(window_, Qt::Key_K, Qt::ControlModifier);
    QTRY_VERIFY(!simulation_->console()->active());
    QVERIFY(simulation_->run()->clientCount() > 1);
    QVERIFY(!simulation_->stage().znodes().count("/lock/x-0000000000"));
    QVERIFY(!item("consoleInput")->isVisible());
  }

  // The console's ZooKeeper waits while the lesson is shown; a lesson opened while the console
  // is shown takes the stage and closes the panel.
  void aLessonOpenedTakesTheStageFromTheConsole() {
    QTest::keyClick(window_, Qt::Key_K, Qt::ControlModifier);
    QTRY_VERIFY(simulation_->console()->active());
    QVERIFY(simulation_->stage().znodes().count("/lock/x-0000000000"));
    QVERIFY(simulation_->session()->load(
        QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/zookeeper/herd-naive.yaml")));
    QVERIFY(!simulation_->console()->active());
    QTRY_VERIFY(!item("consoleInput")->isVisible());
    QVERIFY(!simulation_->stage().znodes().count("/lock/x-0000000000"));
  }

  void inARedisLessonTheConsoleSpeaksRedisCli() {
    QVERIFY(simulation_->session()->load(
        QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/redis/unsafe-del.yaml")));
    QTRY_COMPARE(item("consoleButton")->property("text").toString(), QStringLiteral("redis-cli"));
    const double lessonSpeed = simulation_->playback()->speed();
    QTest::keyClick(window_, Qt::Key_K, Qt::ControlModifier);
    QTRY_VERIFY(simulation_->console()->active());
    QTRY_VERIFY(item("consoleInput")->hasActiveFocus());
    QCOMPARE(simulation_->console()->prompt(), QStringLiteral("model:6379> "));
    type(QStringLiteral("SET lock c1 NX PX 3000"));
    QTest::keyClick(window_, Qt::Key_Return);
    QCOMPARE(simulation_->console()->transcript(),
             QStringLiteral("model:6379> SET lock c1 NX PX 3000\nOK\n"));
    // On the stage at once, and drawn: the key's row with its value and the TTL left.
    auto keys = [this] {
      const auto& instances = simulation_->stage().instances();
      const auto found = instances.find("model:6379");
      return found == instances.end() ? std::map<std::string, lockscope::gui::KeyOnStage>()
                                      : found->second.keys;
    };
    QVERIFY(keys().count("lock"));
    QCOMPARE(keys().at("lock").value, std::string("c1"));
    auto* stage = window_->findChild<lockscope::gui::StageView*>(QStringLiteral("stage"));
    QVERIFY(stage);
    QTRY_VERIFY(stage->keyTexts(QStringLiteral("model:6379"))
                    .value(0)
                    .startsWith(QStringLiteral("lock = c1  ttl ")));
    // The stage plays on in real time, one second a second, and the key goes when its TTL runs
    // out, nothing typed.
    QVERIFY(simulation_->playback()->playing());
    QCOMPARE(simulation_->playback()->speed(), 1.0);
    QVERIFY(!simulation_->playback()->timeLens());
    // That pace is the console's: the window would remember the player's own.
    QCOMPARE(simulation_->playerSpeed(), lessonSpeed);
    QTRY_VERIFY_WITH_TIMEOUT(!keys().count("lock"), 6000);
    QTRY_VERIFY(stage->keyTexts(QStringLiteral("model:6379")).isEmpty());
    // Closed, the lesson is back, at the player's own pace.
    QTest::keyClick(window_, Qt::Key_K, Qt::ControlModifier);
    QTRY_VERIFY(!simulation_->console()->active());
    QVERIFY(simulation_->stage().instances().count("redis-1"));
    QVERIFY(!simulation_->stage().instances().count("model:6379"));
    QCOMPARE(simulation_->playback()->speed(), lessonSpeed);
    QVERIFY(simulation_->playback()->timeLens());
  }

  void cleanupTestCase() {
    delete engine_;
    engine_ = nullptr;
  }
};

QTEST_MAIN(GuiConsoleTest)
#include "tst_gui_console.moc"
