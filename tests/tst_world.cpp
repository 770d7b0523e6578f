// Goal: the world's run loops keep their documented contracts, since every test, scenario and
// benchmark drives time through them: step() runs one event and advances the clock to it;
// runUntilTime(t) runs everything up to and including t and leaves the clock at t; runUntil() stops
// at the first of done(), the deadline (clock parked there), an empty agenda, or maxEvents. Events
// a side agenda holds under reserved keys, or pushed later under them, run exactly where they would
// have run from the agenda.
//
// Method: small agendas with known times; check the clock, the events run and the return values.
// For side agendas, one random tree of events run twice: every event on the agenda, then half of
// them held by a side agenda (some pushed onto the agenda later with their reserved key): the
// same events at the same times in the same order.
#include <QTest>

#include <algorithm>
#include <functional>
#include <memory>
#include <stdexcept>
#include <vector>

#include "sim/coro/task.h"
#include "sim/engine/random.h"
#include "sim/engine/world.h"
#include "sim/trace/trace_sinks.h"

using lockscope::sim::Chooser;
using lockscope::sim::EventKey;
using lockscope::sim::Micros;
using lockscope::sim::TraceKind;
using lockscope::sim::TraceRecorder;
using lockscope::sim::World;

namespace {

// Resumes the awaiting coroutine `delay` later, from the world's agenda (as a reply would).
struct Sleep {
  World& world;
  Micros delay;
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> waiting) {
    world.after(delay, [waiting] { waiting.resume(); });
  }
  void await_resume() const noexcept {}
};

lockscope::coro::Task<int> failingStep(World& world) {
  co_await Sleep{world, 10};
  throw std::runtime_error("a bug in a recipe");
}

lockscope::coro::Task<int> recipe(World& world, bool& continued) {
  const int value = co_await failingStep(world);
  continued = true;  // never: the step threw
  co_return value;
}

// A side agenda as simple as can be: its events in a vector, the earliest run first.
class VectorSide final : public lockscope::sim::SideAgenda {
 public:
  void hold(EventKey key, std::function<void()> action) {
    held_.push_back({key, std::move(action)});
  }
  const EventKey* nextKey() const override {
    const Held* earliest = nullptr;
    for (const Held& held : held_) {
      if (!earliest || held.key < earliest->key) earliest = &held;
    }
    return earliest ? &earliest->key : nullptr;
  }
  void runNext() override {
    const EventKey key = *nextKey();
    const auto it = std::find_if(held_.begin(), held_.end(), [&](const Held& held) {
      return held.key.sequence == key.sequence;
    });
    std::function<void()> action = std::move(it->action);
    held_.erase(it);
    action();
  }

 private:
  struct Held {
    EventKey key;
    std::function<void()> action;
  };
  std::vector<Held> held_;
};

// A random tree of events: each logs its label and time, then schedules up to three children at
// the same time or a little later, with tie-breaks that collide. With `side`, the children with
// odd labels are held by the side agenda instead (every third of those put on the agenda with
// their reserved key by a later event). The log must not depend on where the events waited.
std::vector<std::pair<int, Micros>> runTree(bool side) {
  World world(5);
  VectorSide held;
  if (side) world.addSideAgenda(&held);
  lockscope::sim::Random random(9);
  std::vector<std::pair<int, Micros>> log;
  std::vector<std::pair<EventKey, int>> toPushLater;
  int labels = 0;
  std::function<void(int)> event = [&](int label) {
    log.emplace_back(label, world.now());
    for (auto& [key, late] : toPushLater) {
      if (late >= 0 && world.now() < key.time) {  // not due yet: pushed now, it keeps its place
        world.atKey(key, [&event, l = late] { event(l); });
        late = -1;
      }
    }
    const uint64_t children = labels < 3000 ? 1 + random.below(3) : 0;
    for (uint64_t i = 0; i < children; ++i) {
      const int child = ++labels;
      const Micros at = world.now() + static_cast<Micros>(random.below(4));
      const auto tieBreak = static_cast<uint16_t>(random.below(3));
      if (side && child % 2 == 1) {
        if (child % 3 == 0) {
          // Pushed by whichever event runs next (the tree is dense: one runs before its time).
          const EventKey key = world.reserve(at + 4, tieBreak);
          toPushLater.emplace_back(key, child);
        } else {
          held.hold(world.reserve(at, tieBreak), [&event, child] { event(child); });
        }
      } else {
        world.atWithTieBreak(at + (child % 6 == 3 ? 4 : 0), tieBreak,
                             [&event, child] { event(child); });
      }
    }
  };
  world.at(0, [&] { event(0); });
  world.runUntilTime(1'000'000);
  // Reserved for later and never pushed: their time came while no event ran that could.
  for (const auto& [key, late] : toPushLater) {
    if (late >= 0) log.emplace_back(late, -key.time);
  }
  if (side) world.removeSideAgenda(&held);
  return log;
}

// Always picks the last option, to show the world uses the chooser it was given.
class LastChooser final : public Chooser {
 public:
  uint64_t choose(uint64_t count, std::string_view) override { return count - 1; }
};

}  // namespace

class WorldTest : public QObject {
  Q_OBJECT

 private slots:
  void stepAdvancesClockToEachEvent() {
    World world(1);
    std::vector<Micros> seen;
    world.at(100, [&] { seen.push_back(world.now()); });
    world.after(40, [&] { seen.push_back(world.now()); });
    QCOMPARE(world.now(), Micros{0});
    QVERIFY(world.step());
    QCOMPARE(world.now(), Micros{40});
    QVERIFY(world.step());
    QCOMPARE(world.now(), Micros{100});
    QVERIFY(!world.step());
    QCOMPARE(seen, (std::vector<Micros>{40, 100}));
    QCOMPARE(world.eventsRun(), uint64_t{2});
  }

  // An exception out of a recipe's coroutine (a bug, a bad_alloc) reaches whoever drives the
  // world, where the CLI's guard turns it into one line and exit 70, instead of std::terminate.
  // The coroutines stay suspended, and destroying the outermost task frees them all (ASan).
  void coroutineExceptionReachesTheWorldsCaller() {
    World world(1);
    bool continued = false;
    {
      lockscope::coro::Task<int> task = recipe(world, continued);
      task.start();
      QVERIFY(!task.done());
      bool caught = false;
      try {
        world.runUntil([] { return false; }, 1000);
      } catch (const std::runtime_error& error) {
        caught = QByteArray(error.what()) == "a bug in a recipe";
      }
      QVERIFY(caught);
      QCOMPARE(world.now(), Micros{10});
      QVERIFY(!task.done());
    }
    QVERIFY(!continued);
  }

  void pastIsClampedToNow() {
    World world(1);
    world.runUntilTime(500);
    Micros ranAt = -1;
    world.at(100, [&] { ranAt = world.now(); });
    world.after(-20, [&] {});
    QVERIFY(world.step());
    QCOMPARE(ranAt, Micros{500});
    QVERIFY(world.step());
    QCOMPARE(world.now(), Micros{500});
  }

  void runUntilTimeIncludesTheBoundaryAndParksTheClock() {
    World world(1);
    std::vector<Micros> seen;
    for (const Micros time : {10, 20, 30}) world.at(time, [&, time] { seen.push_back(time); });
    world.runUntilTime(20);
    QCOMPARE(seen, (std::vector<Micros>{10, 20}));
    QCOMPARE(world.now(), Micros{20});
    world.runUntilTime(25);  // nothing due: the clock still moves
    QCOMPARE(world.now(), Micros{25});
    QVERIFY(!world.idle());
    world.runUntilTime(1000);
    QCOMPARE(seen, (std::vector<Micros>{10, 20, 30}));
    QCOMPARE(world.now(), Micros{1000});
    QVERIFY(world.idle());
  }

  void runUntilTimeRunsEventsScheduledOnTheWay() {
    World world(1);
    int runs = 0;
    world.at(10, [&] {
      ++runs;
      world.after(5, [&] { ++runs; });    // at 15: inside the window
      world.after(500, [&] { ++runs; });  // at 510: outside
    });
    world.runUntilTime(100);
    QCOMPARE(runs, 2);
  }

  void runUntilTimeNeverMovesTheClockBack() {
    World world(1);
    world.runUntilTime(300);
    world.runUntilTime(100);
    QCOMPARE(world.now(), Micros{300});
  }

  void runUntilStopsWhenDone() {
    World world(1);
    int counter = 0;
    for (int i = 1; i <= 10; ++i) world.at(i * 10, [&] { ++counter; });
    QVERIFY(world.runUntil([&] { return counter == 3; }, 1'000'000));
    QCOMPARE(counter, 3);
    QCOMPARE(world.now(), Micros{30});
  }

  void runUntilDoneAlreadyRunsNothing() {
    World world(1);
    world.at(10, [] {});
    QVERIFY(world.runUntil([] { return true; }, 1'000));
    QCOMPARE(world.eventsRun(), uint64_t{0});
  }

  void runUntilParksTheClockAtTheDeadline() {
    World world(1);
    int counter = 0;
    world.at(10, [&] { ++counter; });
    world.at(200, [&] { ++counter; });
    QVERIFY(!world.runUntil([] { return false; }, 100));
    QCOMPARE(counter, 1);
    QCOMPARE(world.now(), Micros{100});
    QVERIFY(!world.idle());  // the later event is still pending
  }

  void runUntilRunsAnEventExactlyAtTheDeadline() {
    World world(1);
    bool ran = false;
    world.at(100, [&] { ran = true; });
    QVERIFY(world.runUntil([&] { return ran; }, 100));
  }

  void runUntilReturnsWhenIdle() {
    World world(1);
    world.at(10, [] {});
    QVERIFY(!world.runUntil([] { return false; }, 1'000'000));
    QVERIFY(world.idle());
    QCOMPARE(world.now(), Micros{10});  // an empty agenda does not jump to the deadline
  }

  void runUntilIsBoundedByMaxEvents() {
    // A self-rescheduling event would run forever; the bound ends it.
    World world(1);
    uint64_t runs = 0;
    std::function<void()> tick = [&] {
      ++runs;
      world.after(1, tick);
    };
    world.after(1, tick);
    QVERIFY(!world.runUntil([] { return false; }, INT64_MAX, 1'000));
    QCOMPARE(runs, uint64_t{1'000});
    QCOMPARE(world.eventsRun(), uint64_t{1'000});
  }

  void cancelThroughTheWorld() {
    World world(1);
    bool ran = false;
    const auto id = world.after(10, [&] { ran = true; });
    QVERIFY(world.cancel(id));
    world.runUntilTime(100);
    QVERIFY(!ran);
    QCOMPARE(world.eventsRun(), uint64_t{0});  // a skipped cancelled entry is not an event run
  }

  // A cancelled entry due before the deadline used to let step() run the next live event even
  // when that one lay past the deadline: the clock jumped ahead of where the run stopped.
  void aCancelledEntryInTimeDoesNotRunALaterEventEarly() {
    World world(1);
    bool late = false;
    world.cancel(world.at(50, [] {}));
    world.at(200, [&] { late = true; });
    QVERIFY(!world.runUntil([] { return false; }, 100));
    QVERIFY(!late);
    QCOMPARE(world.now(), Micros{100});
    world.runUntilTime(150);
    QVERIFY(!late);
    QCOMPARE(world.now(), Micros{150});
    QVERIFY(!world.stepUntil(199));
    QVERIFY(world.stepUntil(200));
    QVERIFY(late);
  }

  void aCancelledEntryInTimeDoesNotRunALaterSideEventEarly() {
    World world(1);
    VectorSide side;
    world.addSideAgenda(&side);
    bool late = false;
    world.cancel(world.at(50, [] {}));
    side.hold(world.reserve(200), [&] { late = true; });
    QVERIFY(!world.runUntil([] { return false; }, 100));
    QVERIFY(!late);
    QCOMPARE(world.now(), Micros{100});
    world.runUntilTime(150);
    QVERIFY(!late);
    world.runUntilTime(200);
    QVERIFY(late);
    world.removeSideAgenda(&side);
  }

  void tieBreakOrdersSimultaneousEvents() {
    World world(1);
    std::vector<int> order;
    world.atWithTieBreak(10, 5, [&] { order.push_back(5); });
    world.atWithTieBreak(10, 2, [&] { order.push_back(2); });
    world.at(10, [&] { order.push_back(0); });  // plain at() is tie-break 0
    world.runUntilTime(10);
    QCOMPARE(order, (std::vector<int>{0, 2, 5}));
  }

  void recordStampsTheCurrentTime() {
    World world(1);
    TraceRecorder recorder;
    world.trace().addSink(&recorder);
    world.at(42, [&] { world.record({.kind = TraceKind::Note, .detail = "hello"}); });
    world.runUntilTime(100);
    QCOMPARE(recorder.events().size(), size_t{1});
    QCOMPARE(recorder.events()[0].time, Micros{42});
    QCOMPARE(recorder.events()[0].detail, std::string("hello"));
    QCOMPARE(world.trace().eventCount(), uint64_t{1});
  }

  void aSideAgendaRunsItsEventsInTheirPlace() {
    const auto plain = runTree(false);
    const auto side = runTree(true);
    QVERIFY(plain.size() > 1000);
    QCOMPARE(side, plain);
  }

  void aReservedKeyKeepsItsPlaceAmongTies() {
    World world(1);
    std::vector<int> order;
    const EventKey first = world.reserve(10);  // reserved before the others were scheduled
    world.at(10, [&] { order.push_back(2); });
    const EventKey third = world.reserve(10);
    world.at(10, [&] { order.push_back(4); });
    world.atKey(third, [&] { order.push_back(3); });
    world.atKey(first, [&] { order.push_back(1); });
    world.runUntilTime(10);
    QCOMPARE(order, (std::vector<int>{1, 2, 3, 4}));
  }

  void usesTheChooserItWasGiven() {
    World world(77, std::make_unique<LastChooser>());
    QCOMPARE(world.seed(), uint64_t{77});
    QCOMPARE(world.chooser().choose(10, "test"), uint64_t{9});
  }
};

QTEST_APPLESS_MAIN(WorldTest)
#include "tst_world.moc"
