// The real-time driver's hold (backends/live/real_time_driver.h), which the live database runs use
// to keep their statements in the model's order (statement_sync.h).
//
// Goal: while the hold says so, no event of the world runs and the world's clock stands still,
// however much real time passes; once it lets go, the events run at their own virtual times (not
// bunched up late: the held time is not the world's), and work posted meanwhile runs at the held
// time, ahead of later events. Without a hold the driver is the plain real-time one.
//
// Method: a world with events at 5 ms and 20 ms, a hold that lasts 150 ms of real time from the
// moment the first event ran, and work posted from another thread during it. The bound checked is
// a lower one (the hold really held), never an upper one: this machine is noisy.

#include <QElapsedTimer>
#include <QTest>
#include <thread>

#include "backends/live/real_time_driver.h"

namespace {

using lockscope::sim::fromMillis;
using lockscope::sim::Micros;

// A world driven in real time, and a clock of real time from its start.
struct RealTimeWorld {
  lockscope::sim::World world{1};
  lockscope::live::WorldInbox inbox;
  lockscope::live::RealTimeDriver driver{world, inbox};
  QElapsedTimer real;
  RealTimeWorld() { real.start(); }
};

}  // namespace

class RealTimeDriverTest : public QObject {
  Q_OBJECT

 private slots:
  void aHoldStopsTheWorldsClockAndLetsGo() {
    RealTimeWorld run;
    auto& [world, inbox, driver, real] = run;
    qint64 heldFrom = -1;
    std::vector<std::pair<std::string, Micros>> ran;
    std::vector<std::thread> library;
    world.at(fromMillis(5), [&] {
      ran.emplace_back("first", world.now());
      heldFrom = real.elapsed();
      // Work a library posts while the world is held (a reply), from its own thread.
      library.emplace_back([&inbox, &world, &ran] {
        std::this_thread::sleep_for(std::chrono::milliseconds(40));
        inbox.post([&world, &ran] { ran.emplace_back("posted", world.now()); });
      });
    });
    world.at(fromMillis(20), [&] { ran.emplace_back("second", world.now()); });
    driver.setHold([&] { return heldFrom >= 0 && real.elapsed() - heldFrom < 150; });

    const bool finished = driver.runUntil([&] { return ran.size() == 3; }, fromMillis(5000));
    for (std::thread& thread : library) thread.join();
    QVERIFY(finished);
    QVERIFY2(real.elapsed() - heldFrom >= 150, "the second event ran while the world was held");
    QCOMPARE(ran[0], std::make_pair(std::string("first"), fromMillis(5)));
    // Posted during the hold: it runs when the hold ends, at the time the world stood still at.
    QCOMPARE(ran[1], std::make_pair(std::string("posted"), fromMillis(5)));
    // The second event keeps its virtual time: 15 ms after the first, not 150 ms.
    QCOMPARE(ran[2], std::make_pair(std::string("second"), fromMillis(20)));
    QVERIFY2(world.now() < fromMillis(100), "the held real time became the world's");
  }

  void withoutAHoldTheWorldFollowsRealTime() {
    RealTimeWorld run;
    auto& [world, inbox, driver, real] = run;
    bool ran = false;
    world.at(fromMillis(60), [&] { ran = true; });
    QVERIFY(driver.runUntil([&] { return ran; }, fromMillis(5000)));
    QVERIFY2(real.elapsed() >= 60, "an event ran before its time");
  }
};

QTEST_GUILESS_MAIN(RealTimeDriverTest)
#include "tst_real_time_driver.moc"
