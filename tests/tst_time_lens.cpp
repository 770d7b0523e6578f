// Goal (issue 16, item 2): the time lens makes every lesson watchable at the default speed. A
// crashed holder's session timeout - seconds of nothing - passes in a couple of real seconds
// instead of a minute and a half; a herd's burst of notifications after a release is slowed so that
// it takes seconds, not a quarter of one; the lens never skips over an event; and a lesson's
// `pacing:` sets its speed and lens. How long a run takes to play is computed from the lens, frame
// by frame as the player advances (16 ms frames), not measured on a clock.
#include <QTest>

#include "core/run_timeline.h"
#include "sim/scenario/scenario_loader.h"
#include "support/lesson_files.h"
#include "support/model_run.h"

using namespace lockscope;
using gui::LensMode;
using gui::RunTimeline;

namespace {

constexpr double kDefaultSpeed = 0.02;  // the player's: 20 ms of virtual time per second
constexpr double kFrameMicros = 16'000;

std::unique_ptr<RunTimeline> recorded(const char* lesson) {
  const auto scenario = testing::loadLesson(lesson);
  return RunTimeline::record(scenario, testing::onModel(scenario));
}

// Real seconds the player takes from `from` to `to` with the lens on (or off).
double secondsToPlay(const RunTimeline& timeline, sim::Micros from, sim::Micros to, bool lens) {
  int frames = 0;
  for (sim::Micros time = from; time < to; ++frames) {
    time = lens ? timeline.lens().advance(time, kFrameMicros, kDefaultSpeed)
                : time + static_cast<sim::Micros>(kFrameMicros * kDefaultSpeed);
  }
  return frames * kFrameMicros / 1e6;
}

}  // namespace

class TimeLensTest : public QObject {
  Q_OBJECT

 private slots:
  // The segments cover the run without a gap, in order.
  void theSegmentsTileTheRun() {
    for (const char* lesson : {"zookeeper/crash-holder.yaml", "zookeeper/herd-naive.yaml",
                               "redis/paused-holder.yaml", "database/deadlock-postgresql.yaml"}) {
      const auto timeline = recorded(lesson);
      const auto& segments = timeline->lens().segments();
      QVERIFY2(!segments.empty(), lesson);
      QCOMPARE(segments.front().start, timeline->report().origin);
      QCOMPARE(segments.back().end, timeline->endTime());
      for (size_t index = 1; index < segments.size(); ++index) {
        QCOMPARE(segments[index].start, segments[index - 1].end);
        QVERIFY(segments[index].start < segments[index].end);
      }
    }
  }

  // c1 crashes holding the lock; c2 waits for its session (4 s) to expire. Without the lens that
  // is over a minute and a half at the default speed; with it, the wait is one quiet stretch played
  // in about kQuietSeconds.
  void aSessionTimeoutIsSkipped() {
    const auto timeline = recorded("zookeeper/crash-holder.yaml");
    const auto& trace = timeline->trace();
    sim::Micros crashed = -1, expired = -1;
    for (const auto& event : trace.events()) {
      if (event.kind == sim::TraceKind::Process && event.op == sim::ProcessOp::Crashed)
        crashed = event.time;
      if (event.kind == sim::TraceKind::SessionState && event.op == sim::SessionOp::Expired &&
          expired < 0)
        expired = event.time;
    }
    QVERIFY(crashed > 0 && expired > crashed);
    const sim::Micros middle = (crashed + expired) / 2;
    const gui::LensSegment quiet = timeline->lens().segmentAt(middle);
    QCOMPARE(quiet.mode, LensMode::Skipping);
    QVERIFY(quiet.end - quiet.start > sim::fromSeconds(2));
    for (const auto& event : trace.events()) {  // nothing happens in it
      QVERIFY(event.time <= quiet.start || event.time >= quiet.end);
    }
    const double without = secondsToPlay(*timeline, crashed, expired, false);
    const double with = secondsToPlay(*timeline, crashed, expired, true);
    QVERIFY2(without > 90, qPrintable(QString::number(without)));
    QVERIFY2(with < 8, qPrintable(QString::number(with)));
  }

  // The first release under zk-naive: every waiter is notified within a few milliseconds, which
  // the default speed showed in a quarter of a second. Slowed, the burst takes four times as long.
  void aHerdsBurstIsSlowed() {
    const auto timeline = recorded("zookeeper/herd-naive.yaml");
    sim::Micros released = -1, lastDelivered = -1;
    for (const auto& event : timeline->trace().events()) {
      if (released < 0 && event.kind == sim::TraceKind::Lock && event.op == sim::LockOp::Released)
        released = event.time;
      if (released >= 0 && event.kind == sim::TraceKind::Lock && event.op == sim::LockOp::Acquired)
        break;  // the next holder: the burst is over
      if (released >= 0 && event.kind == sim::TraceKind::WatchDelivered) lastDelivered = event.time;
    }
    QVERIFY(released > 0 && lastDelivered > released);
    for (sim::Micros time = released; time <= lastDelivered; time += 100) {
      const auto segment = timeline->lens().segmentAt(time);
      QVERIFY2(segment.mode == LensMode::Slowed,
               qPrintable(QStringLiteral("%1 in %2..%3 (released %4, last %5)")
                              .arg(time)
                              .arg(segment.start)
                              .arg(segment.end)
                              .arg(released)
                              .arg(lastDelivered)));
    }
    QCOMPARE(timeline->lens().rateAt(released, kDefaultSpeed),
             kDefaultSpeed / gui::TimeLens::kSlowdown);
    const double with = secondsToPlay(*timeline, released, lastDelivered, true);
    const double without = secondsToPlay(*timeline, released, lastDelivered, false);
    QVERIFY2(with >= 3.5 * without, qPrintable(QStringLiteral("%1 %2").arg(with).arg(without)));
  }

  // The lens never jumps over an event: every frame of a whole run ends in a segment it started
  // in or the one after it, so each event is drawn at its own pace.
  void noFrameSkipsASegment() {
    const auto timeline = recorded("zookeeper/crash-holder.yaml");
    const auto& lens = timeline->lens();
    sim::Micros time = timeline->report().origin;
    while (time < timeline->endTime()) {
      const gui::LensSegment from = lens.segmentAt(time);
      const sim::Micros next = lens.advance(time, kFrameMicros, kDefaultSpeed);
      QVERIFY(next > time);
      if (next >= from.end && next < timeline->endTime()) {
        const gui::LensSegment after = lens.segmentAt(from.end);
        // Past the next segment only when it is shorter than a frame at its own rate.
        QVERIFY2(next <= after.end || static_cast<double>(after.end - after.start) <
                                          kFrameMicros * lens.rateAt(after.start, kDefaultSpeed),
                 qPrintable(QStringLiteral("%1 -> %2").arg(time).arg(next)));
      }
      time = next;
    }
  }

  // `pacing:` is read and checked like every key.
  void aLessonSetsItsPacing() {
    const auto loaded = scenario::loadScenarioText(
        "title: t\nrecipe: zk-chained\nclients: 2\n"
        "pacing: {ms_per_second: 5, time_lens: false}\n",
        "s.yaml");
    QVERIFY2(loaded.scenario, loaded.error.c_str());
    QCOMPARE(loaded.scenario->pacing.msPerSecond, 5);
    QVERIFY(loaded.scenario->pacing.timeLens.has_value() && !*loaded.scenario->pacing.timeLens);
    // Unset, the player decides.
    QVERIFY(!testing::loadLesson("zookeeper/herd-naive.yaml").pacing.timeLens.has_value());
  }
};

QTEST_MAIN(TimeLensTest)
#include "tst_time_lens.moc"
