// Goal: the GUI grades a challenge as `lockscope-cli check` does (issue 16): loaded as written it
// shows the goal and the whole budget and, played to the end, "Not yet"; with the faults a
// student clicks it grades the run shown ("Solved: ..."), and changing the setup in the top bar is
// "the setup differs", whatever the run shows.
//
// Method: a SimulationController (no window) loads scenarios/challenges/zk-expire-two-holders,
// the cursor is moved to 12 ms and an expire_session is clicked on c1 (the known solution), the
// run is played to its end, and the challenge line's and the status line's texts are read; then
// the seed is changed.
#include <QTest>

#include "core/run_timeline.h"
#include "simulation_controller.h"
#include "verdict_line.h"

using lockscope::gui::SimulationController;

namespace {

const QString kChallenge = QStringLiteral(LOCKSCOPE_SOURCE_DIR
                                          "/scenarios/challenges/zk-expire-two-holders.yaml");

}  // namespace

class GuiChallengeTest : public QObject {
  Q_OBJECT

 private slots:
  void theBannerGradesTheRunShown() {
    SimulationController simulation;
    QVERIFY2(simulation.session()->load(kChallenge), qPrintable(simulation.error()));
    const auto* challenge = simulation.challenge();
    QVERIFY(challenge->active());
    QCOMPARE(challenge->goal(),
             QStringLiteral("Challenge: Make zk-curator grant the lock twice with one fault"));
    QVERIFY2(challenge->status() == QStringLiteral("Faults left: 1 of 1 fault"),
             qPrintable(challenge->status()));

    simulation.playback()->toEnd();
    QCOMPARE(challenge->status(),
             QStringLiteral("Not yet: no violation yet (the goal: mutual exclusion is broken)"));
    QVERIFY(!challenge->solved());
    QCOMPARE(simulation.verdict()->text(), QStringLiteral("expectations hold"));

    // The timeline's times include the set-up before the clients start (the run's origin).
    simulation.playback()->seekTime(
        static_cast<double>(simulation.timeline()->report().origin + 12'000));
    QVERIFY(
        simulation.faults()->injectFault(QStringLiteral("expire_session"), QStringLiteral("c1")));
    QVERIFY2(challenge->status() == QStringLiteral("Faults left: 0 of 1 fault"),
             qPrintable(challenge->status()));
    simulation.playback()->toEnd();
    QCOMPARE(challenge->status(),
             QStringLiteral("Solved: mutual exclusion is broken with 1 fault (expire_session c1 "
                            "at 12ms)"));
    QVERIFY(challenge->solved());
    // The status line beside the grade: the clean run's expectations are not held against the
    // attempt (no "expectation failed" in the violation colour), and the violation is named.
    QVERIFY2(simulation.verdict()->text().startsWith(QStringLiteral("a challenge attempt")) &&
                 simulation.verdict()->text().contains(QStringLiteral("violation(s), first: ")),
             qPrintable(simulation.verdict()->text()));
    QVERIFY(!simulation.verdict()->failed());

    // Another seed in the top bar: the same faults no longer grade.
    QVERIFY(simulation.session()->configure(QStringLiteral("zk-curator"), QStringLiteral("16"), 0));
    simulation.playback()->toEnd();
    QCOMPARE(challenge->status(),
             QStringLiteral("Not yet: the setup differs from the challenge: seed changed"));
  }

  void aLessonWithoutAChallengeHasNoBanner() {
    SimulationController simulation;
    QVERIFY(simulation.session()->load(
        QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/zookeeper/herd-naive.yaml")));
    QVERIFY(!simulation.challenge()->active());
    QVERIFY(simulation.challenge()->status().isEmpty());
  }
};

QTEST_MAIN(GuiChallengeTest)
#include "tst_gui_challenge.moc"
