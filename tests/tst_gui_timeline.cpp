// Goal: the GUI's model of a run (app/gui/core) shows what the trace says and nothing else: the
// herd's burst of notifications against the chain's single one, holds and per-release figures,
// session countdowns that end when the server expires the session, snapshots that agree with a
// fold from the start, and a run recorded twice that is the same run.
//
// Method: real lessons from scenarios/ recorded on the model; figures are read back through the
// same classes the views use and compared with facts found directly in the trace.
#include <QTest>

#include "core/event_text.h"
#include "core/run_timeline.h"
#include "support/lesson_files.h"

using namespace lockscope;
using gui::FlightKind;
using gui::RunTimeline;
using sim::TraceKind;

namespace {

// The first moment at which every notification caused by the first release is in flight: half
// way through the shortest of them.
sim::Micros middleOfFirstBurst(const RunTimeline& timeline) {
  sim::Micros released = -1;
  for (const auto& event : timeline.trace().events()) {
    if (event.kind == TraceKind::NodeDeleted) {
      released = event.time;
      break;
    }
  }
  sim::Micros latestStart = 0, earliestEnd = INT64_MAX;
  for (const auto& flight : timeline.flights().all()) {
    if (flight.kind != FlightKind::Notification || flight.start != released) continue;
    latestStart = std::max(latestStart, flight.start);
    earliestEnd = std::min(earliestEnd, flight.end);
  }
  return latestStart + (earliestEnd - latestStart) / 2;
}

std::vector<std::string> activities(const RunTimeline& timeline, const gui::StageState& stage) {
  std::vector<std::string> out;
  for (const auto& client : stage.clients()) out.push_back(gui::activityName(client.activity(timeline.trace())));
  return out;
}

}  // namespace

class GuiTimelineTest : public QObject {
  Q_OBJECT

 private slots:
  void aReleaseUnderTheHerdBurstsIntoNotifications() {
    const auto naive = RunTimeline::record(testing::loadLesson("zookeeper/herd-naive.yaml"));
    const auto chained = RunTimeline::record(testing::loadLesson("zookeeper/herd-chained.yaml"));
    QCOMPARE(naive->flights().countAt(middleOfFirstBurst(*naive), FlightKind::Notification), size_t{9});
    QCOMPARE(chained->flights().countAt(middleOfFirstBurst(*chained), FlightKind::Notification), size_t{1});
    QCOMPARE(naive->releases().front().notifications, 9);
    QCOMPARE(chained->releases().front().notifications, 1);
  }

  void holdsFollowTheLockEvents() {
    const auto timeline = RunTimeline::record(testing::loadLesson("zookeeper/herd-chained.yaml"));
    QCOMPARE(timeline->holds().size(), size_t{10});
    QCOMPARE(timeline->releases().size(), size_t{10});
    for (size_t index = 1; index < timeline->holds().size(); ++index) {
      // One lock, never two holders: each hold starts after the previous one ended.
      QVERIFY(timeline->holds()[index].start >= timeline->holds()[index - 1].end);
    }
    QCOMPARE(static_cast<double>(timeline->countsAfter(timeline->trace().size()).notifications),
             timeline->report().verdict.metrics.at("notifications"));
  }

  void aCrashedClientsSessionCountsDownToItsExpiry() {
    const auto timeline = RunTimeline::record(testing::loadLesson("zookeeper/crash-holder.yaml"));
    const sim::Micros crash = timeline->report().origin + sim::fromMillis(100);
    sim::Micros expired = 0;
    for (const auto& event : timeline->trace().events()) {
      if (event.kind == TraceKind::SessionState && timeline->trace().text(event.op) == "expired" &&
          timeline->cast().clientOfSession(event.session) == 0) {
        expired = event.time;
      }
    }
    QVERIFY(expired > crash);
    QCOMPARE(timeline->sessionLeft(0, crash - 1), 1.0);
    QVERIFY(timeline->sessionLeft(0, crash + 1) > 0.99);
    QVERIFY(qAbs(timeline->sessionLeft(0, crash + (expired - crash) / 2) - 0.5) < 0.01);
    QVERIFY(timeline->sessionLeft(0, expired - 1) < 0.01);
    QVERIFY(!timeline->silent(0, expired));
    QCOMPARE(timeline->sessionLeft(1, crash + 1), 1.0);  // c2 is not silent
  }

  void snapshotsAgreeWithAFoldFromTheStart() {
    const auto timeline = RunTimeline::record(testing::loadLesson("zookeeper/herd-naive.yaml"));
    gui::StageState folded(timeline->cast().size());
    const size_t total = timeline->trace().size();
    for (size_t count = 0; count <= total; ++count) {
      if (count == 0 || count % 97 == 0 || count == 256 || count == 257 || count == total) {
        const gui::StageState snapshot = timeline->stageAfter(count);
        QCOMPARE(snapshot.applied(), count);
        QCOMPARE(activities(*timeline, snapshot), activities(*timeline, folded));
        QCOMPARE(snapshot.znodes().size(), folded.znodes().size());
        QCOMPARE(snapshot.watches().size(), folded.watches().size());
      }
      if (count < total) folded.apply(timeline->trace()[count], timeline->trace(), timeline->cast());
    }
  }

  void recordingTwiceGivesTheSameRun() {
    const auto scenario = testing::loadLesson("zookeeper/lost-watch-race.yaml");
    const auto first = RunTimeline::record(scenario);
    const auto second = RunTimeline::record(scenario);
    QCOMPARE(first->report().traceSha256, second->report().traceSha256);
    QCOMPARE(first->trace().size(), second->trace().size());
    QCOMPARE(first->flights().all().size(), second->flights().all().size());
  }

  void eventsReadAsPlainEnglish() {
    const auto timeline = RunTimeline::record(testing::loadLesson("zookeeper/herd-naive.yaml"));
    std::string created;
    for (const auto& event : timeline->trace().events()) {
      if (event.kind == TraceKind::NodeCreated && timeline->trace().text(event.path) == "/lock/lock-0000000000") {
        created = gui::describeEvent(event, timeline->trace(), timeline->cast());
      }
    }
    QCOMPARE(QString::fromStdString(created),
             QStringLiteral("server: created /lock/lock-0000000000 (EPHEMERAL_SEQUENTIAL, c1)"));
  }
};

QTEST_APPLESS_MAIN(GuiTimelineTest)
#include "tst_gui_timeline.moc"
