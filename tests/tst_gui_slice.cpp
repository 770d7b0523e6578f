// Goal: the "Causal slice" toggle dims exactly what the first violation does not depend on. In
// the paused-holder lesson with a third client added that starts once the lost update is done,
// played to its end with the slice shown: c3, its messages and its node are dimmed; the creates
// and the notification that led to the overlap are not; both clients' releases, which come after
// it, are. Off (or on a run without a violation, or before the run has shown one) nothing is.
// (tst_causal_slice has a third client that runs alongside and still stays out of a slice.)
//
// Method: a SimulationController on the lesson file (as the window loads it), the answers read
// through the view-model the views paint from (CausalSliceModel), and compared with the run's
// own flight table.
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "causal_slice_model.h"
#include "simulation_controller.h"
#include "support/gui_lessons.h"

using namespace lockscope;
using gui::FlightKind;
using gui::SimulationController;

namespace {

// paused-holder.yaml with c3 starting after c1's stale write (empty when the lesson no longer
// reads as expected).
QString pausedHolderWithThirdClient(const QTemporaryDir& dir) {
  QFile lesson(testing::zookeeperLesson("paused-holder.yaml"));
  if (!lesson.open(QIODevice::ReadOnly)) return {};
  QByteArray text = lesson.readAll();
  const QByteArray c2 = "  - name: c2\n    start_ms: 20\n";
  const qsizetype at = text.indexOf(c2);
  if (at < 0) return {};
  text.insert(at + c2.size(), "  - name: c3\n    start_ms: 6500\n");
  return testing::writeScenario(dir, "paused-holder-3.yaml", text.constData());
}

}  // namespace

class GuiSliceTest : public QObject {
  Q_OBJECT

 private slots:
  void theSliceDimsWhatTheViolationDoesNotDependOn() {
    QTemporaryDir dir;
    const QString file = pausedHolderWithThirdClient(dir);
    QVERIFY(!file.isEmpty());
    SimulationController simulation;
    QVERIFY(simulation.session()->load(file));
    gui::CausalSliceModel& slice = *simulation.slice();
    const gui::RunTimeline& timeline = *simulation.timeline();
    // Before the first overlap the run has shown no violation: no slice to offer yet.
    QSignalSpy changed(&slice, &gui::CausalSliceModel::changed);
    simulation.playback()->seekTime(simulation.playback()->origin() + 1'000'000);
    QVERIFY(!slice.available());
    simulation.playback()->toEnd();
    QVERIFY(slice.available());
    QVERIFY(changed.count() >= 1);
    // At the end, the first violation the trace showed: the overlap at 2185.7 ms (the lost
    // update's interval begins earlier, but it shows only at c1's stale write, at 6100 ms).
    const checkers::Violation& first = timeline.report().verdict.violations[1];
    QCOMPARE(first.kind, std::string("mutual_exclusion"));
    QCOMPARE(first.clients, (std::vector<std::string>{"c1", "c2"}));
    QVERIFY(slice.summary().startsWith(QStringLiteral("the violation depends on ")));
    QVERIFY2(slice.summary().contains(QStringLiteral("pause c1 at 100.0 ms")),
             qPrintable(slice.summary()));
    // Off: nothing dimmed.
    QVERIFY(!slice.clientDimmed(2));
    QVERIFY(!slice.flightDimmed(0));

    QSignalSpy repaint(&simulation, &SimulationController::frameChanged);
    slice.toggle();
    QVERIFY(slice.shown() && slice.active());
    QVERIFY(repaint.count() >= 1);
    QVERIFY(!slice.clientDimmed(0));
    QVERIFY(!slice.clientDimmed(1));
    QVERIFY(slice.clientDimmed(2));

    const auto& flights = timeline.flights().all();
    int creates = 0, deletes = 0, notifications = 0, thirds = 0;
    for (size_t index = 0; index < flights.size(); ++index) {
      const gui::Flight& flight = flights[index];
      const bool dimmed = slice.flightDimmed(static_cast<int>(index));
      if (flight.client == 2) {
        QVERIFY2(dimmed, "a message of c3's is in the slice");
        ++thirds;
        continue;
      }
      if (flight.op == sim::ZooKeeperOp::Create) {
        QVERIFY2(!dimmed, "a create of c1's or c2's is dimmed");
        ++creates;
      } else if (flight.op == sim::ZooKeeperOp::Delete) {
        QVERIFY2(dimmed, "a release after the writes is in the slice");
        ++deletes;
      } else if (flight.kind == FlightKind::Notification && flight.client == 1 &&
                 flight.start < first.time) {
        QVERIFY2(!dimmed, "the notification that woke c2 is dimmed");
        ++notifications;
      }
    }
    QCOMPARE(creates, 4);  // c1's and c2's, each a request and its reply
    QVERIFY(deletes >= 4);
    QCOMPARE(notifications, 1);
    QVERIFY(thirds > 0);

    // The stage's znodes: c1's node (created, then deleted by the expiry) is in, c3's is not.
    bool c1Node = false, c3Node = false;
    for (const auto& event : timeline.trace().events()) {
      if (event.kind != sim::TraceKind::NodeCreated) continue;
      const QString path = QString::fromUtf8(timeline.trace().text(event.path));
      if (path.endsWith(QStringLiteral("0000000000"))) c1Node = !slice.pathDimmed(path);
      if (path.endsWith(QStringLiteral("0000000002"))) c3Node = slice.pathDimmed(path);
    }
    QVERIFY(c1Node);
    QVERIFY(c3Node);

    // Off again: nothing dimmed.
    slice.setShown(false);
    QVERIFY(!slice.clientDimmed(2));
    QVERIFY(!slice.eventDimmed(0));
  }

  void aRunWithoutAViolationHasNoSlice() {
    SimulationController simulation;
    QVERIFY(simulation.session()->load(testing::zookeeperLesson("herd-chained.yaml")));
    simulation.playback()->toEnd();
    QVERIFY(simulation.timeline()->report().verdict.violations.empty());
    simulation.slice()->setShown(true);
    QVERIFY(!simulation.slice()->available());
    QVERIFY(!simulation.slice()->active());
    QVERIFY(!simulation.slice()->clientDimmed(0));
  }
};

QTEST_MAIN(GuiSliceTest)
#include "tst_gui_slice.moc"
