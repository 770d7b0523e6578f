// Goal: an exception thrown by a trace sink on the sinks' own thread (the checkers and the hasher
// run there: a bad_alloc on a huge run) does not end the process in std::terminate. It reaches
// the run's thread at finish(), where the CLI reports it in one line, and the run's thread never
// blocks on the queue meanwhile.
//
// Method: a real SinkThread with a sink that throws on its 1000th event, fed far more events than
// its queue holds; finish() must rethrow that exception, and the sinks after it saw nothing more.
#include <QTest>
#include <stdexcept>
#include <string>

#include "sim/trace/sink_thread.h"

using namespace lockscope;

namespace {

class ThrowingSink final : public sim::TraceSink {
 public:
  void onEvent(const sim::TraceEvent&) override {
    if (++seen == 1000) throw std::runtime_error("sink failed at event 1000");
  }
  int seen = 0;
};

class CountingSink final : public sim::TraceSink {
 public:
  void onEvent(const sim::TraceEvent&) override { ++seen; }
  int seen = 0;
};

}  // namespace

class SinkThreadFailureTest : public QObject {
  Q_OBJECT

 private slots:
  void aSinkExceptionReachesFinish() {
    ThrowingSink throwing;
    CountingSink counting;
    sim::SinkThread thread({&throwing, &counting});
    const std::string detail(200, 'x');  // large events: many batches, more than the queue holds
    for (int i = 0; i < 200'000; ++i) {
      sim::TraceEvent event;
      event.time = i;
      event.detail = detail;
      thread.onEvent(event);
    }
    bool rethrown = false;
    try {
      thread.finish();
    } catch (const std::runtime_error& error) {
      rethrown = std::string(error.what()) == "sink failed at event 1000";
    }
    QVERIFY(rethrown);
    QCOMPARE(throwing.seen, 1000);
    QCOMPARE(counting.seen, 999);  // the event that failed went no further, nor did later ones
  }

  void aSecondFinishDoesNotThrowAgain() {
    ThrowingSink throwing;
    sim::SinkThread thread({&throwing});
    for (int i = 0; i < 2000; ++i) thread.onEvent(sim::TraceEvent{});
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, thread.finish());
    thread.finish();  // already finished: nothing more to say
  }
};

QTEST_APPLESS_MAIN(SinkThreadFailureTest)
#include "tst_sink_thread_failure.moc"
