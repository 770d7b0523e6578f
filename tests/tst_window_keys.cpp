// Goal: the keyboard stays with the player as a lecturer expects. After editing the seed, the
// client count or the latency in the top bar (typed, then Enter), Space plays and the arrows
// step, instead of going into the field; a click on the stage takes the keyboard back from a
// field; the help overlay (F1) closes with Esc and with F1 again.
//
// Method: Main.qml loaded as the app loads it, in a real window (offscreen platform), driven
// only by mouse clicks and key events sent to that window (QTest::mouseClick / keyClick go
// through Qt's window-system input, as the X server's events do). What happened is read from
// the Simulation (playing, seed, clients, event index) and the help popup's visibility.
#include <QQmlApplicationEngine>
#include <QQuickItem>
#include <QQuickWindow>
#include <QTest>

#include "simulation_controller.h"
#include "support/gui_window.h"

using lockscope::gui::SimulationController;

class WindowKeysTest : public QObject {
  Q_OBJECT

  QQmlApplicationEngine* engine_ = nullptr;
  QQuickWindow* window_ = nullptr;
  SimulationController* simulation_ = nullptr;

  QQuickItem* item(const char* name) const { return lockscope::testing::namedItem(window_, name); }
  void click(QQuickItem* target, QPointF at = {-1, -1}) {
    if (at.x() < 0) at = QPointF(target->width() / 2, target->height() / 2);
    QTest::mouseClick(window_, Qt::LeftButton, Qt::NoModifier, target->mapToScene(at).toPoint());
  }
  // Clicks `field`, replaces its text with `text`, and presses Enter.
  void edit(QQuickItem* field, const QString& text) {
    click(field);
    QTest::keyClick(window_, Qt::Key_A, Qt::ControlModifier);
    lockscope::testing::typeText(window_, text);
    QTest::keyClick(window_, Qt::Key_Return);
  }
  // Space must start playing (and a second Space stop it again).
  void spacePlays() {
    QVERIFY(!simulation_->playback()->playing());
    QTest::keyClick(window_, Qt::Key_Space);
    QVERIFY2(simulation_->playback()->playing(), "Space did not reach the player");
    QTest::keyClick(window_, Qt::Key_Space);
    QVERIFY(!simulation_->playback()->playing());
  }

 private slots:
  void initTestCase() {
    engine_ = new QQmlApplicationEngine(this);
    simulation_ = lockscope::testing::openActiveWindow(
        *engine_, window_, 1600, 1000,
        QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/zookeeper/crash-holder.yaml"));
    QVERIFY(simulation_);
  }

  void afterEditingTheSeedSpacePlaysAndArrowsStep() {
    edit(item("seedField"), QStringLiteral("11"));
    QCOMPARE(simulation_->run()->seed(), QStringLiteral("11"));
    spacePlays();
    const int before = simulation_->playback()->eventIndex();
    QTest::keyClick(window_, Qt::Key_Right);
    QCOMPARE(simulation_->playback()->eventIndex(), before + 1);
  }

  void afterEditingTheClientCountSpacePlays() {
    edit(item("clientsBox"), QStringLiteral("4"));
    QCOMPARE(simulation_->run()->clientCount(), 4);
    spacePlays();
  }

  // The box stopped at 1,000: a 20,000-client lesson showed "1,000", and typing 2500 set 1000.
  // It now takes any count the loader does.
  void theClientCountGoesAsHighAsTheLoaderAllows() {
    edit(item("clientsBox"), QStringLiteral("2500"));
    // A class this big is made in the background in a window a person uses.
    QTRY_VERIFY_WITH_TIMEOUT(!simulation_->live()->busy(), 60'000);
    QCOMPARE(simulation_->run()->clientCount(), 2500);
    QCOMPARE(item("clientsBox")->property("value").toInt(), 2500);
    QCOMPARE(item("clientsBox")->property("to").toInt(), 100'000);
    edit(item("clientsBox"), QStringLiteral("4"));
    QCOMPARE(simulation_->run()->clientCount(), 4);
  }

  void afterEditingTheLatencySpacePlays() {
    edit(item("latencyField"), QStringLiteral("2, 6"));
    QCOMPARE(simulation_->run()->latencyMs(), QStringLiteral("2, 6"));
    spacePlays();
  }

  void aClickOnTheStageTakesTheKeyboard() {
    click(item("seedField"));
    QVERIFY(item("seedField")->hasActiveFocus());
    click(item("stage"), QPointF(8, 8));  // its top-left corner: no client there
    QVERIFY(!item("seedField")->hasActiveFocus());
    spacePlays();
  }

  void theHelpClosesWithEscAndF1() {
    auto* help = window_->findChild<QObject*>(QStringLiteral("help"));
    QVERIFY(help);
    QTest::keyClick(window_, Qt::Key_F1);
    QTRY_VERIFY(help->property("visible").toBool());
    QTest::keyClick(window_, Qt::Key_Escape);
    QTRY_VERIFY(!help->property("visible").toBool());
    QTest::keyClick(window_, Qt::Key_F1);
    QTRY_VERIFY(help->property("visible").toBool());
    QTest::keyClick(window_, Qt::Key_F1);
    QTRY_VERIFY(!help->property("visible").toBool());
    spacePlays();  // and the keys are the player's again
  }
};

QTEST_MAIN(WindowKeysTest)
#include "tst_window_keys.moc"
