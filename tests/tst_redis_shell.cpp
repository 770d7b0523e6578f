// `lockscope-cli redis-shell`'s model side without a server: its clock follows real time, so a
// TTL runs out as on a server, under WATCH too (tst_redis_cli_differential compares the rest with
// redis-cli, which it cannot do for time: its scripts run without pauses).

#include <QTest>
#include <chrono>
#include <thread>

#include "app/cli/redis_shell_model.h"

using lockscope::cli::RedisShellModel;
using lockscope::redis::Reply;

class TestRedisShell : public QObject {
  Q_OBJECT

 private slots:
  // SET k v PX 300, a pause past it, GET k: gone, as on a server; a longer TTL still runs.
  void ttlRunsOutInRealTime() {
    RedisShellModel model;
    QVERIFY(model.execute({"SET", "short", "v", "PX", "300"}).isOk());
    QVERIFY(model.execute({"SET", "long", "v", "PX", "60000"}).isOk());
    QCOMPARE(model.execute({"GET", "short"}).text, std::string("v"));
    std::this_thread::sleep_for(std::chrono::milliseconds(450));
    QVERIFY(model.execute({"GET", "short"}).isNil());
    const Reply left = model.execute({"PTTL", "long"});
    QVERIFY2(left.integer > 50'000 && left.integer <= 60'000 - 450,
             std::to_string(left.integer).c_str());
  }

  // A watched key that expires before EXEC counts as written (EXEC answers nil); one that had
  // expired already when it was watched does not (EXEC runs). Both as redis-server 7.0.15 answers
  // the same lines with the same pauses.
  void expiryUnderWatch() {
    RedisShellModel model;
    QVERIFY(model.execute({"SET", "k", "v", "PX", "200"}).isOk());
    QVERIFY(model.execute({"WATCH", "k"}).isOk());
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    QVERIFY(model.execute({"MULTI"}).isOk());
    QCOMPARE(model.execute({"GET", "k"}).text, std::string("QUEUED"));
    QVERIFY(model.execute({"EXEC"}).isNil());

    QVERIFY(model.execute({"SET", "j", "v", "PX", "50"}).isOk());
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    QVERIFY(model.execute({"WATCH", "j"}).isOk());
    QVERIFY(model.execute({"MULTI"}).isOk());
    QCOMPARE(model.execute({"GET", "j"}).text, std::string("QUEUED"));
    const Reply ran = model.execute({"EXEC"});
    QCOMPARE(ran.type, lockscope::redis::ReplyType::Array);
    QCOMPARE(ran.elements.size(), size_t(1));
    QVERIFY(ran.elements[0].isNil());
  }

  // The clock starts at the wall clock's Unix time: TIME and EXPIREAT mean what they do on a
  // server.
  void clockIsUnixTime() {
    RedisShellModel model;
    const Reply time = model.execute({"TIME"});
    QCOMPARE(time.elements.size(), size_t(2));
    const auto seconds = std::stoll(time.elements[0].text);
    const auto now = std::chrono::duration_cast<std::chrono::seconds>(
                         std::chrono::system_clock::now().time_since_epoch())
                         .count();
    QVERIFY(seconds >= now - 2 && seconds <= now + 2);
    QVERIFY(model.execute({"SET", "k", "v"}).isOk());
    QVERIFY(model.execute({"EXPIREAT", "k", std::to_string(now + 100)}).isInteger(1));
    const Reply ttl = model.execute({"TTL", "k"});
    QVERIFY2(ttl.integer >= 97 && ttl.integer <= 101, std::to_string(ttl.integer).c_str());
  }

  // WAIT for a replica the model does not have: the answer comes at once, with the model's clock
  // moved on by the timeout, so a key whose TTL ends within it is gone after it, as on a server
  // that blocked that long.
  void waitMovesTheClockOn() {
    RedisShellModel model;
    QVERIFY(model.execute({"SET", "k", "v", "PX", "5000"}).isOk());
    const int64_t before = model.nowMs();
    const auto start = std::chrono::steady_clock::now();
    QVERIFY(model.execute({"WAIT", "1", "6000"}).isInteger(0));
    QVERIFY2(std::chrono::steady_clock::now() - start < std::chrono::seconds(2),
             "the shell waited in real time");
    QVERIFY(model.nowMs() - before >= 6000);
    QVERIFY(model.execute({"GET", "k"}).isNil());
    // Enough replicas (none asked for) or inside a transaction: no block, no time passes.
    const int64_t after = model.nowMs();
    QVERIFY(model.execute({"WAIT", "0", "6000"}).isInteger(0));
    QVERIFY(model.execute({"MULTI"}).isOk());
    QCOMPARE(model.execute({"WAIT", "1", "6000"}).text, std::string("QUEUED"));
    QCOMPARE(model.execute({"EXEC"}).elements.at(0).integer, int64_t(0));
    QVERIFY(model.nowMs() - after < 1000);
  }

  // WAIT without a timeout would block forever: no reply, and a failed one that says why.
  void waitForeverHasNoReply() {
    RedisShellModel model;
    const Reply unanswered = model.execute({"WAIT", "1", "0"});
    QVERIFY(unanswered.failed());
    QCOMPARE(unanswered.text,
             std::string("WAIT 1 0 would block forever: the model has no replica to acknowledge"));
    QVERIFY(model.execute({"WAIT", "1", "9223372036854775807"}).failed());
    QVERIFY(model.execute({"PING"}).type == lockscope::redis::ReplyType::Status);
  }
};

QTEST_GUILESS_MAIN(TestRedisShell)
#include "tst_redis_shell.moc"
