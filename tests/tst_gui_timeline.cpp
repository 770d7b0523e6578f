// Goal: the GUI's model of a run (app/gui/core) shows what the trace says and nothing else: the
// herd's burst of notifications against the chain's single one, holds and per-release figures,
// session countdowns that end when the server expires the session, snapshots that agree with a
// fold from the start, a run recorded twice that is the same run, and of a run only what has
// happened by a moment.
//
// Method: real lessons from scenarios/ recorded on the model; figures are read back through the
// same classes the views use and compared with facts found directly in the trace.
#include <QTest>
#include <algorithm>

#include "core/event_text.h"
#include "core/run_so_far.h"
#include "core/run_timeline.h"
#include "support/lesson_files.h"
#include "support/model_run.h"

using namespace lockscope;
using gui::FlightKind;
using gui::RunTimeline;
using sim::TraceKind;

namespace {

std::unique_ptr<RunTimeline> recordOnModel(const scenario::Scenario& scenario) {
  return RunTimeline::record(scenario, testing::onModel(scenario));
}

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

std::vector<std::string> activities(const gui::StageState& stage) {
  std::vector<std::string> out;
  for (const auto& client : stage.clients()) out.push_back(gui::activityName(client.activity()));
  return out;
}

// The stage as it is at `time`: every event up to and including that moment folded in.
gui::StageState stageAt(const RunTimeline& timeline, sim::Micros time) {
  const auto& events = timeline.trace().events();
  const auto after = std::find_if(events.begin(), events.end(),
                                  [&](const auto& event) { return event.time > time; });
  return timeline.stageAfter(static_cast<size_t>(after - events.begin()));
}

sim::Micros firstLockEvent(const RunTimeline& timeline, std::string_view actor, sim::LockOp op) {
  for (const auto& event : timeline.trace().events()) {
    if (event.op == op && timeline.trace().text(event.actor) == actor) {
      return event.time;
    }
  }
  return -1;
}

}  // namespace

class GuiTimelineTest : public QObject {
  Q_OBJECT

 private slots:
  void aReleaseUnderTheHerdBurstsIntoNotifications() {
    const auto naive = recordOnModel(testing::loadLesson("zookeeper/herd-naive.yaml"));
    const auto chained = recordOnModel(testing::loadLesson("zookeeper/herd-chained.yaml"));
    QCOMPARE(naive->flights().countAt(middleOfFirstBurst(*naive), FlightKind::Notification),
             size_t{9});
    QCOMPARE(chained->flights().countAt(middleOfFirstBurst(*chained), FlightKind::Notification),
             size_t{1});
    QCOMPARE(naive->releases().front().notifications, 9);
    QCOMPARE(chained->releases().front().notifications, 1);
  }

  void holdsFollowTheLockEvents() {
    const auto timeline = recordOnModel(testing::loadLesson("zookeeper/herd-chained.yaml"));
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
    const auto timeline = recordOnModel(testing::loadLesson("zookeeper/crash-holder.yaml"));
    const sim::Micros crash = timeline->report().origin + sim::fromMillis(100);
    sim::Micros expired = 0;
    for (const auto& event : timeline->trace().events()) {
      if (event.op == sim::SessionOp::Expired &&
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
    // The number beside the ring: the microseconds until the expiry, none for a client that talks.
    QCOMPARE(timeline->sessionLeftMicros(0, crash + (expired - crash) / 2),
             expired - (crash + (expired - crash) / 2));
    QCOMPARE(timeline->sessionLeftMicros(0, expired - 1), 1);
    QCOMPARE(timeline->sessionLeftMicros(1, crash + 1), -1);
  }

  // What the views draw at a moment is what has happened by then (issue 11, item 4): at
  // crash-holder's pause (c1's crash, 100 ms) c1's hold is drawn up to the cursor and c2's and
  // c3's, still to come, not at all. lost-watch-race's "stuck" is a conclusion about the end of
  // the run: it shows only there, though it began when the client started waiting.
  void theViewsDrawOnlyWhatHasHappened() {
    const auto timeline = recordOnModel(testing::loadLesson("zookeeper/crash-holder.yaml"));
    const sim::Micros pause = timeline->report().origin + sim::fromMillis(100);
    QCOMPARE(timeline->holds().size(), size_t{3});
    const gui::HoldInterval first = timeline->holds()[0];
    QVERIFY(first.start < pause && timeline->holds()[1].start > pause);
    const std::vector<gui::HoldInterval> shown = gui::holdsSoFar(*timeline, pause);
    QCOMPARE(shown.size(), size_t{1});
    QCOMPARE(shown[0].client, 0);
    QCOMPARE(shown[0].start, first.start);
    QCOMPARE(shown[0].end, std::min(first.end, pause));
    const sim::Micros during = first.start + (first.end - first.start) / 2;
    QCOMPARE(gui::holdsSoFar(*timeline, during).at(0).end, during);
    QCOMPARE(gui::holdsSoFar(*timeline, timeline->endTime()).size(), size_t{3});

    const auto race = recordOnModel(testing::loadLesson("zookeeper/lost-watch-race.yaml"));
    const auto& violations = race->report().verdict.violations;
    const auto stuck = std::find_if(violations.begin(), violations.end(),
                                    [](const auto& v) { return v.kind == "stuck"; });
    QVERIFY(stuck != violations.end());
    QVERIFY(stuck->time < race->endTime());
    QCOMPARE(gui::violationShownAt(*stuck, race->endTime()), race->endTime());
    QVERIFY(gui::violationsSoFar(*race, race->endTime() - 1).size() < violations.size());
    QCOMPARE(gui::violationsSoFar(*race, race->endTime()).size(), violations.size());
  }

  // The failover lesson's replica trails its master by the 500 ms replication lag: c1's SET is
  // one change in transit until it lands, unless the master dies first (the lesson's point).
  void aReplicaTrailsItsMasterByTheLag() {
    auto scenario = testing::loadLesson("redis/failover-async-replication.yaml");
    const auto withFailover = recordOnModel(scenario);
    scenario.faults.clear();
    const auto withoutFailover = recordOnModel(scenario);
    const sim::Micros acquired = firstLockEvent(*withoutFailover, "c1", sim::LockOp::Acquired);
    QVERIFY(acquired > 0);
    QCOMPARE(firstLockEvent(*withFailover, "c1", sim::LockOp::Acquired), acquired);

    const gui::StageState inTransit = stageAt(*withoutFailover, acquired + sim::fromMillis(100));
    const gui::InstanceOnStage& replica = inTransit.instances().at("redis-1-r1");
    QVERIFY(replica.isReplica());
    QCOMPARE(replica.follows, std::string("redis-1"));
    QVERIFY(!replica.keys.count("lock"));
    const gui::ReplicationLag lag = inTransit.redis().lagOf(replica);
    QCOMPARE(lag.changesBehind, int64_t{1});
    QVERIFY(lag.oldestSince > 0 &&
            lag.oldestSince <= acquired);  // the SET, written before the reply left
    QCOMPARE(inTransit.redis().lagOf(inTransit.instances().at("redis-1")).changesBehind,
             int64_t{0});

    const gui::StageState landed = stageAt(*withoutFailover, acquired + sim::fromMillis(600));
    QVERIFY(landed.instances().at("redis-1-r1").keys.count("lock"));
    QCOMPARE(landed.redis().lagOf(landed.instances().at("redis-1-r1")).changesBehind, int64_t{0});

    // With the failover at 200 ms the change never lands: the promoted replica is a master without
    // it. (c2, retrying every 50 ms, takes the lock there soon after: c1's key is never among
    // them.)
    const gui::StageState promoted = stageAt(*withFailover,
                                             withFailover->report().origin + sim::fromMillis(200));
    const gui::InstanceOnStage& newMaster = promoted.instances().at("redis-1-r1");
    QVERIFY(!newMaster.isReplica());
    QVERIFY(!newMaster.keys.count("lock") || newMaster.keys.at("lock").owner != 0);
    QVERIFY(!promoted.instances().at("redis-1").up);
  }

  // Redlock with two of five masters dead: c1's first attempt is tallied per instance as the
  // answers come in, and closes with the recipe's own count.
  void aRedlockAttemptIsTalliedPerInstance() {
    const auto timeline = recordOnModel(testing::loadLesson("redis/redlock-two-down.yaml"));
    const sim::Micros acquired = firstLockEvent(*timeline, "c1", sim::LockOp::Acquired);
    QVERIFY(acquired > 0);
    using Vote = gui::QuorumTally::Vote;
    auto votesAt = [&](sim::Micros time) {
      const gui::StageState stage = stageAt(*timeline, time);
      const auto tally = stage.redis().tallies().find(0);
      return tally == stage.redis().tallies().end() ? gui::QuorumTally{} : tally->second;
    };
    const gui::QuorumTally counting = votesAt(timeline->report().origin + sim::fromMillis(10));
    QCOMPARE(counting.votes.size(), size_t{5});
    QCOMPARE(counting.locked(), 3);
    QVERIFY(counting.verdict.empty());
    QCOMPARE(std::count_if(counting.votes.begin(), counting.votes.end(),
                           [](const auto& vote) { return vote.second == Vote::Pending; }),
             2);
    const gui::QuorumTally counted = votesAt(acquired);
    QCOMPARE(counted.locked(), 3);
    QVERIFY2(counted.verdict.rfind("3 of 5 locked", 0) == 0, counted.verdict.c_str());
    for (const auto& [instance, vote] : counted.votes) {
      const bool dead = instance == "redis-4" || instance == "redis-5";
      QCOMPARE(vote, dead ? Vote::NoAnswer : Vote::Locked);
    }
  }

  void snapshotsAgreeWithAFoldFromTheStart() {
    const auto timeline = recordOnModel(testing::loadLesson("zookeeper/herd-naive.yaml"));
    gui::StageState folded(timeline->cast().size());
    const size_t total = timeline->trace().size();
    for (size_t count = 0; count <= total; ++count) {
      if (count == 0 || count % 97 == 0 || count == 256 || count == 257 || count == total) {
        const gui::StageState snapshot = timeline->stageAfter(count);
        QCOMPARE(snapshot.applied(), count);
        QCOMPARE(activities(snapshot), activities(folded));
        QCOMPARE(snapshot.znodes().size(), folded.znodes().size());
        QCOMPARE(snapshot.watches().size(), folded.watches().size());
      }
      if (count < total)
        folded.apply(timeline->trace()[count], timeline->trace(), timeline->cast());
    }
  }

  // A run with thousands of clients once kept a snapshot of every client every 256 events: 15 GB
  // at 20,000 clients, and the GUI died. Snapshots now hold a bounded number of client states in
  // all, and a seek from one far away still lands on the same stage as a fold from the start.
  void manyClientsKeepFewSnapshotsThatStillAgree() {
    const auto loaded = scenario::loadScenarioText(
        "title: many\nrecipe: zk-chained\nseed: 7\nclients: 3000\nstart_spread_ms: 1\nhold_ms: 5\n",
        "many.yaml");
    QVERIFY2(loaded.scenario, loaded.error.c_str());
    const auto timeline = recordOnModel(*loaded.scenario);
    const size_t total = timeline->trace().size();
    QVERIFY(total > 3000 * 256 / 100);  // far more events than a snapshot every 256 would allow
    QVERIFY2(timeline->snapshotCount() * timeline->cast().size() <= 300'000,
             qPrintable(QString("%1 snapshots of %2 clients")
                            .arg(timeline->snapshotCount())
                            .arg(timeline->cast().size())));
    gui::StageState folded(timeline->cast().size());
    const size_t probe = total - 7;  // far from any snapshot's start
    for (size_t index = 0; index < probe; ++index)
      folded.apply(timeline->trace()[index], timeline->trace(), timeline->cast());
    const gui::StageState sought = timeline->stageAfter(probe);
    QCOMPARE(activities(sought), activities(folded));
    QCOMPARE(sought.znodes().size(), folded.znodes().size());
    QCOMPARE(sought.watches().size(), folded.watches().size());
  }

  void recordingTwiceGivesTheSameRun() {
    const auto scenario = testing::loadLesson("zookeeper/lost-watch-race.yaml");
    const auto first = recordOnModel(scenario);
    const auto second = recordOnModel(scenario);
    QCOMPARE(first->report().traceSha256, second->report().traceSha256);
    QCOMPARE(first->trace().size(), second->trace().size());
    QCOMPARE(first->flights().all().size(), second->flights().all().size());
  }

  void eventsReadAsPlainEnglish() {
    const auto timeline = recordOnModel(testing::loadLesson("zookeeper/herd-naive.yaml"));
    std::string created;
    for (const auto& event : timeline->trace().events()) {
      if (event.kind == TraceKind::NodeCreated &&
          timeline->trace().text(event.path) == "/lock/lock-0000000000") {
        created = gui::describeEvent(event, timeline->trace(), timeline->cast());
      }
    }
    QCOMPARE(QString::fromStdString(created),
             QStringLiteral("server: created /lock/lock-0000000000 (EPHEMERAL_SEQUENTIAL, c1)"));
  }
};

QTEST_APPLESS_MAIN(GuiTimelineTest)
#include "tst_gui_timeline.moc"
