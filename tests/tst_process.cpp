// Goal: a process's faults mean what process.h promises. Pause = a GC pause: timers that come due
// and messages that arrive are held, and on resume they run at once, in the order they came due.
// Crash: everything held or pending is dropped. Restart: a new incarnation; nothing scheduled by
// an earlier incarnation ever runs. Each state change is traced and reported to the listener.
//
// Method: timers and deliveries append labels to a log; drive the world through the faults and
// compare the log, the times things ran at, and the recorded trace.
#include <QTest>

#include <string>
#include <vector>

#include "sim/engine/process.h"
#include "sim/engine/world.h"
#include "sim/trace/trace_sinks.h"

using lockscope::sim::Micros;
using lockscope::sim::Process;
using lockscope::sim::TraceKind;
using lockscope::sim::TraceRecorder;
using lockscope::sim::World;

namespace {

struct Entry {
  std::string label;
  Micros time;
  bool operator==(const Entry&) const = default;
};

}  // namespace

class ProcessTest : public QObject {
  Q_OBJECT

 private slots:
  void runningProcessRunsTimersAndDeliveries() {
    World world(1);
    Process process(world, "p");
    std::vector<std::string> log;
    process.after(10, [&] { log.push_back("timer"); });
    process.deliver([&] { log.push_back("delivered now"); });
    QCOMPARE(log, (std::vector<std::string>{"delivered now"}));
    world.runUntilTime(100);
    QCOMPARE(log, (std::vector<std::string>{"delivered now", "timer"}));
  }

  void pauseHoldsTimersAndDeliveriesAndReplaysThemInOrder() {
    World world(1);
    Process process(world, "p");
    std::vector<Entry> log;
    auto note = [&](std::string label) {
      return [&, label] { log.push_back(Entry{label, world.now()}); };
    };
    process.after(30, note("timer@30"));
    process.after(10, note("timer@10"));
    process.after(500, note("timer@500"));  // due after the resume: runs at its own time
    world.at(20, [&] { process.deliver(note("message@20")); });
    world.runUntilTime(5);
    process.pause();
    QCOMPARE(process.state(), Process::State::Paused);
    world.runUntilTime(100);
    QVERIFY(log.empty());
    process.after(1, note("timer set while paused"));  // comes due during the pause too
    world.runUntilTime(200);
    process.resume();
    QCOMPARE(log, (std::vector<Entry>{{"timer@10", 200},
                                      {"message@20", 200},
                                      {"timer@30", 200},
                                      {"timer set while paused", 200}}));
    world.runUntilTime(1'000);
    QCOMPARE(log.back(), (Entry{"timer@500", 500}));
  }

  void pauseFromHeldWorkStopsTheReplayAndKeepsTheRest() {
    World world(1);
    Process process(world, "p");
    std::vector<std::string> log;
    process.after(1, [&] { log.push_back("a"); });
    process.after(2, [&] {
      log.push_back("b pauses");
      process.pause();
    });
    process.after(3, [&] { log.push_back("c"); });
    process.pause();
    world.runUntilTime(10);
    process.resume();
    QCOMPARE(log, (std::vector<std::string>{"a", "b pauses"}));
    process.resume();
    QCOMPARE(log, (std::vector<std::string>{"a", "b pauses", "c"}));
  }

  void crashDropsHeldAndPendingWork() {
    World world(1);
    Process process(world, "p");
    int runs = 0;
    process.after(10, [&] { ++runs; });   // held by the pause
    process.after(100, [&] { ++runs; });  // still pending in the agenda at the crash
    process.pause();
    world.runUntilTime(50);
    process.crash();
    QVERIFY(!process.alive());
    process.deliver([&] { ++runs; });  // a message reaching a dead process
    process.resume();                  // resuming a crashed process does nothing
    QCOMPARE(process.state(), Process::State::Crashed);
    world.runUntilTime(1'000);
    QCOMPARE(runs, 0);
  }

  void restartIsANewIncarnationAndOldTimersNeverFire() {
    World world(1);
    Process process(world, "p");
    std::vector<std::string> log;
    process.after(100, [&] { log.push_back("old incarnation"); });
    const uint64_t before = process.incarnation();
    world.runUntilTime(10);
    process.crash();
    process.restart();
    QCOMPARE(process.state(), Process::State::Running);
    QVERIFY(process.incarnation() != before);
    process.after(100, [&] { log.push_back("new incarnation"); });
    world.runUntilTime(1'000);
    QCOMPARE(log, (std::vector<std::string>{"new incarnation"}));
  }

  void restartOnlyAfterACrash() {
    World world(1);
    Process process(world, "p");
    const uint64_t incarnation = process.incarnation();
    process.restart();
    QCOMPARE(process.incarnation(), incarnation);
    QCOMPARE(process.state(), Process::State::Running);
  }

  void stateChangesAreTracedAndReported() {
    World world(1);
    TraceRecorder recorder;
    world.trace().addSink(&recorder);
    Process process(world, "client-1");
    std::vector<Process::State> reported;
    process.setStateListener([&](Process::State state) { reported.push_back(state); });
    process.pause();
    process.pause();  // no change, no event
    process.resume();
    process.crash();
    process.restart();
    QCOMPARE(reported,
             (std::vector<Process::State>{Process::State::Paused, Process::State::Running,
                                          Process::State::Crashed, Process::State::Running}));
    std::vector<lockscope::sim::TraceOp> ops;
    for (const auto& event : recorder.events()) {
      QCOMPARE(event.kind, TraceKind::Process);
      QCOMPARE(event.actor, std::string("client-1"));
      ops.push_back(event.op);
    }
    QVERIFY(ops == (std::vector<lockscope::sim::TraceOp>{
                       lockscope::sim::ProcessOp::Paused, lockscope::sim::ProcessOp::Resumed,
                       lockscope::sim::ProcessOp::Crashed, lockscope::sim::ProcessOp::Restarted}));
  }
};

QTEST_APPLESS_MAIN(ProcessTest)
#include "tst_process.moc"
