// Goal: the agenda hands out events in exactly the documented order — time first, then the
// scheduler's tie-break, then insertion order — and cancellation is exact: a cancelled event never
// runs, cancelling twice or cancelling a stale id does nothing, and a slot reused after a cancel is
// never confused with the cancelled event.
//
// The time wheel (sim/engine/time_wheel.h), the side agendas' order, hands out its keys in exactly
// the order of the keys too, across its buckets, its late heap and its overflow.
//
// Method: push events whose actions append a label to a log, pop everything, compare the log.
#include <QTest>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "sim/coro/signal.h"
#include "sim/coro/task.h"
#include "sim/engine/event_queue.h"
#include "sim/engine/process.h"
#include "sim/engine/random.h"
#include "sim/engine/time_wheel.h"
#include "sim/engine/world.h"

using lockscope::sim::EventId;
using lockscope::sim::EventQueue;
using lockscope::sim::Micros;

namespace {

// Pops every entry, running live ones; returns their labels in order. Cancelled entries are
// counted separately so tests can check that they were skipped rather than lost.
struct Drained {
  std::vector<std::string> ran;
  std::vector<Micros> times;
  int skipped = 0;
};

Drained drain(EventQueue& queue) {
  Drained result;
  EventQueue::Action action;
  while (!queue.empty()) {
    Micros time = -1;
    if (queue.pop(time, action)) {
      action();
      result.times.push_back(time);
    } else {
      ++result.skipped;
    }
  }
  return result;
}

}  // namespace

class EventQueueTest : public QObject {
  Q_OBJECT

 private slots:
  // Preconditions stay checked in every build type (sim/engine/check.h): popping an empty agenda
  // or waiting twice on one Signal is a bug, reported with its place instead of undefined
  // behaviour (the second waiter silently replaced the first, which never resumed).
  void brokenPreconditionsThrowWithTheirPlace() {
    EventQueue queue;
    Micros time = 0;
    EventQueue::Action action;
    QVERIFY_THROWS_EXCEPTION(lockscope::sim::BrokenInvariant, queue.pop(time, action));
    try {
      queue.nextTime();
      QFAIL("no exception");
    } catch (const lockscope::sim::BrokenInvariant& broken) {
      const std::string what = broken.what();
      QVERIFY2(what.rfind("sim/engine/event_queue.h:", 0) == 0, what.c_str());
      QVERIFY2(what.find("empty agenda") != std::string::npos, what.c_str());
    }
    lockscope::sim::World world(1);
    lockscope::sim::Process process(world, "p");
    lockscope::coro::Signal signal(process);
    const auto wait = [&signal]() -> lockscope::coro::Task<bool> {
      co_return co_await signal.wait();
    };
    lockscope::coro::Task<bool> first = wait(), second = wait();
    first.start();
    QVERIFY_THROWS_EXCEPTION(lockscope::sim::BrokenInvariant, second.start());
  }

  void ordersByTime() {
    EventQueue queue;
    std::vector<std::string> log;
    for (const Micros time : {50, 10, 40, 20, 30}) {
      queue.push(time, 0, [&log, time] { log.push_back(std::to_string(time)); });
    }
    const Drained drained = drain(queue);
    QCOMPARE(log, (std::vector<std::string>{"10", "20", "30", "40", "50"}));
    QCOMPARE(drained.times, (std::vector<Micros>{10, 20, 30, 40, 50}));
  }

  void equalTimesRunInInsertionOrder() {
    // Many entries so the heap actually reorders them internally.
    EventQueue queue;
    std::vector<std::string> log, expected;
    for (int i = 0; i < 100; ++i) {
      const std::string label = std::to_string(i);
      queue.push(7, 0, [&log, label] { log.push_back(label); });
      expected.push_back(label);
    }
    drain(queue);
    QCOMPARE(log, expected);
  }

  void tieBreakOrdersBeforeInsertion() {
    EventQueue queue;
    std::vector<std::string> log;
    auto add = [&](Micros time, uint16_t tieBreak, std::string label) {
      queue.push(time, tieBreak, [&log, label] { log.push_back(label); });
    };
    add(5, UINT16_MAX, "t5-bmax");  // the whole 16-bit range orders, not only small values
    add(5, 3, "t5-b3");
    add(5, 1, "t5-b1-first");
    add(5, 2, "t5-b2");
    add(5, 1, "t5-b1-second");
    add(4, 9, "t4-b9");  // an earlier time wins whatever its tie-break
    drain(queue);
    QCOMPARE(log, (std::vector<std::string>{"t4-b9", "t5-b1-first", "t5-b1-second", "t5-b2",
                                            "t5-b3", "t5-bmax"}));
  }

  void cancelledEventNeverRuns() {
    EventQueue queue;
    std::vector<std::string> log;
    queue.push(1, 0, [&] { log.push_back("a"); });
    const EventId b = queue.push(2, 0, [&] { log.push_back("b"); });
    queue.push(3, 0, [&] { log.push_back("c"); });
    QVERIFY(queue.cancel(b));
    const Drained drained = drain(queue);
    QCOMPARE(log, (std::vector<std::string>{"a", "c"}));
    QCOMPARE(drained.skipped, 1);
  }

  void cancelIsIdempotentAndRejectsInvalidIds() {
    EventQueue queue;
    const EventId id = queue.push(1, 0, [] {});
    QVERIFY(queue.cancel(id));
    QVERIFY(!queue.cancel(id));
    QVERIFY(!queue.cancel(EventId{}));
    QVERIFY(!queue.cancel(EventId{12345, 1}));
  }

  void cancelAfterRunDoesNothing() {
    EventQueue queue;
    int runs = 0;
    const EventId id = queue.push(1, 0, [&] { ++runs; });
    drain(queue);
    QCOMPARE(runs, 1);
    QVERIFY(!queue.cancel(id));
  }

  void reusedSlotIsNotConfusedWithCancelledEvent() {
    EventQueue queue;
    std::vector<std::string> log;
    const EventId old = queue.push(10, 0, [&] { log.push_back("old"); });
    QVERIFY(queue.cancel(old));
    drain(queue);  // frees the slot
    const EventId fresh = queue.push(20, 0, [&] { log.push_back("fresh"); });
    QCOMPARE(fresh.slot, old.slot);  // the slot was reused...
    QVERIFY(fresh.sequence != old.sequence);
    QVERIFY(!queue.cancel(old));  // ...so the stale id must not cancel the new event
    drain(queue);
    QCOMPARE(log, (std::vector<std::string>{"fresh"}));
  }

  void slotOfCancelledEventStaysTakenUntilPopped() {
    // While the cancelled entry still sits in the heap, a new event must get another slot: if it
    // took the cancelled one, popping the stale heap entry could run or drop the new action.
    EventQueue queue;
    std::vector<std::string> log;
    const EventId cancelled = queue.push(10, 0, [&] { log.push_back("cancelled"); });
    QVERIFY(queue.cancel(cancelled));
    const EventId next = queue.push(5, 0, [&] { log.push_back("next"); });
    QVERIFY(next.slot != cancelled.slot);
    const Drained drained = drain(queue);
    QCOMPARE(log, (std::vector<std::string>{"next"}));
    QCOMPARE(drained.skipped, 1);
  }

  void nextTimeAndPendingCountTrackTheHeap() {
    EventQueue queue;
    QVERIFY(queue.empty());
    queue.push(30, 0, [] {});
    const EventId early = queue.push(10, 0, [] {});
    QCOMPARE(queue.nextTime(), Micros{10});
    QCOMPARE(queue.pendingCount(), size_t{2});
    queue.cancel(early);
    // Documented: the cancelled entry is still counted and still reported until popped.
    QCOMPARE(queue.nextTime(), Micros{10});
    drain(queue);
    QVERIFY(queue.empty());
  }

  void actionMayPushDuringItsOwnRun() {
    // An action that schedules more work (the normal case in the world) while the queue is in
    // pop().
    EventQueue queue;
    std::vector<std::string> log;
    queue.push(1, 0, [&] {
      log.push_back("parent");
      queue.push(1, 0, [&] { log.push_back("child"); });
    });
    queue.push(2, 0, [&] { log.push_back("later"); });
    drain(queue);
    QCOMPARE(log, (std::vector<std::string>{"parent", "child", "later"}));
  }

  // Documented limit: times from 2^48 us (8.9 years) on are reported exactly but ordered among
  // themselves by insertion, after every earlier time.
  void timesBeyondTheKeyRangeKeepTheirValue() {
    EventQueue queue;
    std::vector<std::string> log;
    const Micros far = Micros{1} << 50, farther = Micros{1} << 49;
    queue.push(far, 0, [&] { log.push_back("far"); });
    queue.push(farther, 0, [&] { log.push_back("farther"); });
    queue.push(5, 0, [&] { log.push_back("near"); });
    QCOMPARE(queue.nextTime(), Micros{5});
    const Drained drained = drain(queue);
    QCOMPARE(log, (std::vector<std::string>{"near", "far", "farther"}));
    QCOMPARE(drained.times, (std::vector<Micros>{5, far, farther}));
  }

  // Against a reference (an ordered set of (time, tie-break, insertion number)): 20,000 random
  // pushes, pops and cancels, with heaps from empty to a few thousand entries and many equal
  // times, come out in exactly the reference's order.
  void randomOperationsMatchAnOrderedReference() {
    lockscope::sim::Random random(2026);
    EventQueue queue;
    using Key = std::tuple<Micros, uint16_t, int>;
    std::set<Key> reference;
    std::vector<std::pair<EventId, Key>> handles;
    std::vector<int> ran;
    Micros now = 0;
    for (int step = 0; step < 20'000; ++step) {
      const uint64_t roll = random.below(10);
      if (roll < 6 || queue.empty()) {
        const Micros time = now + static_cast<Micros>(random.below(step < 10'000 ? 50 : 5));
        const auto tieBreak = static_cast<uint16_t>(random.below(3));
        const Key key{time, tieBreak, step};
        handles.emplace_back(queue.push(time, tieBreak, [&ran, step] { ran.push_back(step); }),
                             key);
        reference.insert(key);
      } else if (roll < 8) {
        const auto& [id, key] = handles[random.below(handles.size())];
        QCOMPARE(queue.cancel(id), reference.erase(key) == 1);
      } else {
        Micros time = -1;
        EventQueue::Action action;
        if (!queue.pop(time, action)) continue;  // a cancelled entry reached the top
        action();
        QVERIFY(!reference.empty());
        QCOMPARE(ran.back(), std::get<2>(*reference.begin()));
        QCOMPARE(time, std::get<0>(*reference.begin()));
        reference.erase(reference.begin());
        now = time;
      }
    }
    const size_t before = ran.size();
    drain(queue);
    std::vector<int> rest;
    for (const Key& key : reference) rest.push_back(std::get<2>(key));
    QCOMPARE(std::vector<int>(ran.begin() + static_cast<std::ptrdiff_t>(before), ran.end()), rest);
  }

  // Against an ordered set: 200,000 random pushes and pops, each push at or after the time last
  // popped (as an agenda's), some at that very time (the late heap), most within the wheel's
  // 4.2 s, some far past it (the overflow), with runs of equal times (a tick's expiry checks) and
  // long quiet gaps; the wheel pops every key in the set's order.
  void timeWheelPopsInKeyOrder() {
    using Entry = lockscope::sim::TimeWheel::Entry;
    lockscope::sim::Random random(20);
    lockscope::sim::TimeWheel wheel;
    size_t observed = 0;
    wheel.observeLoads(
        [](void* count, const Entry* begin, const Entry* end) {
          // A bucket shown as it is reached is in key order.
          QVERIFY(std::is_sorted(begin, end, lockscope::sim::KeyHeap::earlier));
          *static_cast<size_t*>(count) += static_cast<size_t>(end - begin);
        },
        &observed);
    std::set<std::pair<uint64_t, uint64_t>> reference;
    Micros now = 0;
    uint64_t sequence = 0;
    const Micros spans[] = {0, 3'000, 1'400'000, 4'000'000, 5'000'000, 60'000'000};
    for (int step = 0; step < 200'000; ++step) {
      if (random.below(10) < 6 || reference.empty()) {
        Micros time = now + static_cast<Micros>(random.below(
                                static_cast<uint64_t>(spans[random.below(std::size(spans))]) + 1));
        if (random.below(8) == 0) time = (time / 200'000 + 1) * 200'000;  // a tick boundary
        const auto tieBreak = random.below(4) == 0 ? random.below(1 << 16) : 0;
        const Entry entry{static_cast<uint64_t>(time) << 16 | tieBreak, ++sequence << 24 | 7};
        wheel.push(entry);
        reference.insert({entry.when, entry.order});
      } else {
        QVERIFY(!wheel.empty());
        const Entry top = wheel.top();
        QCOMPARE(top.when, reference.begin()->first);
        QCOMPARE(top.order, reference.begin()->second);
        wheel.pop();
        reference.erase(reference.begin());
        now = static_cast<Micros>(top.when >> 16);
      }
      QCOMPARE(wheel.size(), reference.size());
    }
    while (!wheel.empty()) {
      QCOMPARE(wheel.top().order, reference.begin()->second);
      wheel.pop();
      reference.erase(reference.begin());
    }
    QVERIFY(reference.empty());
    QVERIFY(observed > 10'000);  // most keys went through the buckets, not the late heap
  }
};

QTEST_APPLESS_MAIN(EventQueueTest)
#include "tst_event_queue.moc"
