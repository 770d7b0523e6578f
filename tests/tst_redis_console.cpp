// Goal: in a Redis lesson the GUI's console is a redis-cli console that prints exactly what
// `lockscope-cli redis-shell` prints for the same lines, byte for byte - replies, errors, quoting,
// transactions, scripts - and whose Redis the stage shows: a typed `SET lock c1 NX PX 3000` puts
// the key on the stage with its value and a TTL that runs out in real time, GET, DEL, an EVAL'd
// unlock script, MULTI/EXEC act there, and time moves as the shell's clock moves.
//
// Method: every script of the differential test (tests/redis-cli/, which holds the shell to a real
// redis-cli) and one of the lock's own commands run three ways: piped into the CLI binary (no
// prompt, as from a file), through runRedisShell - the CLI's own code - over its model in memory,
// and typed line by line into a ShellConsole set to redis-cli, as in a Redis lesson (and typed as
// `--console` types a file). The console's output must equal the others'; TIME's reply, the one
// thing two runs cannot share, is normalised as tst_redis_cli_differential normalises it. The runs
// the console hands to the stage are folded into stage states and read, at the present and in
// the foreseen future.
#include <QDateTime>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <chrono>
#include <sstream>
#include <thread>

#include "app/cli/redis_shell.h"
#include "app/cli/redis_shell_model.h"
#include "support/console_run.h"

using lockscope::gui::ConsoleKind;
using lockscope::gui::StageState;
using lockscope::sim::Micros;
using lockscope::testing::Printed;

namespace {

// A redis-cli console, as in a Redis lesson, with `script` typed.
struct ConsoleRun : lockscope::testing::ConsoleRun {
  explicit ConsoleRun(const std::string& script = {})
      : lockscope::testing::ConsoleRun(script, ConsoleKind::Redis) {}
};

const char* const kInstance = "model:6379";

// The lock by hand: take it with a TTL, read it, unlock with the compare-and-delete script (a
// wrong token first), take it in a transaction, free it with DEL, and a hash and a counter.
const char* const kLockScript =
    "SET lock c1 NX PX 30000\n"
    "SET lock c2 NX PX 30000\n"
    "GET lock\n"
    "PTTL nothing\n"
    "EVAL \"if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else "
    "return 0 end\" 1 lock c2\n"
    "EVAL \"if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else "
    "return 0 end\" 1 lock c1\n"
    "MULTI\n"
    "SET lock c3\n"
    "INCR fence\n"
    "EXEC\n"
    "HSET holds c3 1\n"
    "DEL lock\n"
    "frobnicate\n"
    "set q \"unterminated\n";

// TIME's reply, `1) "<seconds>"` and `2) "<microseconds>"`, as tst_redis_cli_differential
// normalises it: when the seconds are within a minute of now and the microseconds below a million.
std::string normalised(const std::string& printed) {
  static const QRegularExpression time(QStringLiteral("1\\) \"(\\d+)\"\\n2\\) \"(\\d+)\"\\n"));
  QString text = QString::fromStdString(printed);
  const qint64 now = QDateTime::currentSecsSinceEpoch();
  qsizetype from = 0;
  for (auto match = time.match(text); match.hasMatch(); match = time.match(text, from)) {
    from = match.capturedStart() + 1;
    if (qAbs(match.captured(1).toLongLong() - now) > 60) continue;
    if (match.captured(2).toLongLong() >= 1'000'000) continue;
    text.replace(match.capturedStart(), match.capturedLength(),
                 QStringLiteral("1) \"<unix seconds>\"\n2) \"<microseconds>\"\n"));
  }
  return text.toStdString();
}

std::string throughTheCliCode(const std::string& script) {
  std::istringstream in(script);
  std::ostringstream out;
  lockscope::cli::RedisShellModel model;
  lockscope::cli::runRedisShell(
      {in, out, ""}, [&](const lockscope::redis::Command& argv) { return model.execute(argv); });
  return out.str();
}

const lockscope::gui::InstanceOnStage& instanceOf(const StageState& stage) {
  static const lockscope::gui::InstanceOnStage none;
  const auto found = stage.instances().find(kInstance);
  return found == stage.instances().end() ? none : found->second;
}

bool hasKey(const StageState& stage, const std::string& key) {
  return instanceOf(stage).keys.count(key) > 0;
}

}  // namespace

class RedisConsoleTest : public QObject {
  Q_OBJECT

 private slots:
  void theConsolePrintsWhatTheShellPrints_data() {
    QTest::addColumn<QString>("script");
    QTest::newRow("the lock by hand") << QString::fromLatin1(kLockScript);
    // The differential test's scripts, which hold the shell to a real redis-cli.
    lockscope::testing::addScriptRows(QStringLiteral(LOCKSCOPE_SOURCE_DIR "/tests/redis-cli"),
                                      QStringLiteral("*.redis"), 7);
  }
  void theConsolePrintsWhatTheShellPrints() {
    QFETCH(QString, script);
    const std::string text = script.toStdString();
    QVERIFY(text.size() > 100);
    const std::string code = normalised(throughTheCliCode(text));
    const Printed binary = lockscope::testing::throughTheCliBinary(QStringLiteral("redis-shell"),
                                                                   text);
    // The reference is the CLI's: the binary prints what its code prints, all on stdout.
    QCOMPARE(normalised(binary.out), code);
    QCOMPARE(binary.err, std::string());
    ConsoleRun run(text);
    QCOMPARE(normalised(run.console.output()), code);
  }

  // `lockscope --console SCRIPT.redis`: the file's lines as redis-shell reads them - bytes as they
  // are, a '\r' left in the line (a blank to redis-cli: "echo a\rb" is ECHO with two words).
  void aScriptFileIsTypedAsTheShellReadsIt() {
    QTemporaryDir folder;
    const QString crlf = folder.filePath(QStringLiteral("crlf.redis"));
    QFile file(crlf);
    QVERIFY(file.open(QIODevice::WriteOnly));
    const QByteArray script = QByteArray(kLockScript).replace("\n", "\r\n") +
                              "echo a\rb\necho \"\xe9\xff\"";
    file.write(script);
    file.close();
    ConsoleRun run;
    QVERIFY(run.console.executeFile(crlf));
    QCOMPARE(run.console.output(), throughTheCliCode(script.toStdString()));
    QVERIFY(run.console.output().find("(error) ERR wrong number of arguments for 'echo' command\n"
                                      "\"\\xe9\\xff\"\n") != std::string::npos);
    QVERIFY(!run.console.executeFile(folder.filePath(QStringLiteral("missing.redis"))));
  }

  void theScriptPrintsWhatItTeaches() {
    ConsoleRun run(kLockScript);
    for (const char* expected :
         {"OK\n(nil)\n\"c1\"\n(integer) -2\n(integer) 0\n(integer) 1\n", "QUEUED\n",
          "1) OK\n2) (integer) 1\n", "(error) ERR unknown command 'frobnicate'",
          "Invalid argument(s)\n"}) {
      QVERIFY2(run.console.output().find(expected) != std::string::npos, expected);
    }
  }

  // The typed SET is on the stage at once: the key, its value and its TTL, running out; the
  // run foresees its expiry and plays in real time towards it.
  void aTypedSetIsOnTheStageWithItsTtl() {
    ConsoleRun run;
    run.type("SET lock c1 NX PX 3000\n");
    const StageState now = run.stageNow();
    QVERIFY(hasKey(now, "lock"));
    const auto& key = instanceOf(now).keys.at("lock");
    QCOMPARE(key.value, std::string("c1"));
    QVERIFY2(key.ttlMs > 2900 && key.ttlMs <= 3000, std::to_string(key.ttlMs).c_str());
    QCOMPARE(instanceOf(now).role, std::string("master"));
    // Half-way there it is half run out; at the run's end, 3 s on, it has expired.
    const Micros setAt = key.setAt;
    const double half = instanceOf(now).ttlLeft(key, setAt + lockscope::sim::fromMillis(1500));
    QVERIFY2(half > 0.45 && half < 0.55, std::to_string(half).c_str());
    QVERIFY(hasKey(run.stageAt(setAt + lockscope::sim::fromMillis(2900)), "lock"));
    QVERIFY(!hasKey(run.stageAt(run.last().endTime()), "lock"));
    QVERIFY(run.last().endTime() >= setAt + lockscope::sim::fromMillis(3000));
    // Played at the shell's pace: one second a second, nothing skipped.
    QCOMPARE(run.last().scenario().pacing.msPerSecond, int64_t{1000});
    QCOMPARE(run.last().scenario().pacing.timeLens, std::optional<bool>(false));
    // The request and its reply, as a model client's request log writes them.
    const auto& trace = run.last().trace();
    bool request = false, reply = false;
    for (const auto& event : trace.events()) {
      if (event.op != lockscope::sim::RedisOp::Set) continue;
      request |= event.kind == lockscope::sim::TraceKind::Request &&
                 trace.text(event.actor) == "redis-cli" && trace.text(event.path) == "lock" &&
                 trace.text(event.value) == "c1 NX PX 3000" &&
                 trace.text(event.detail) == kInstance;
      reply |= event.kind == lockscope::sim::TraceKind::Reply && trace.text(event.rc) == "status";
    }
    QVERIFY(request && reply);
    QCOMPARE(run.last().cast().names(), std::vector<std::string>{"redis-cli"});
  }

  // GET reads, the unlock script deletes only with the right token, MULTI queues and EXEC
  // writes, DEL deletes: each on the stage as the next run's present shows it.
  void everyCommandActsOnTheStage() {
    ConsoleRun run;
    auto keysAfter = [&](const std::string& line) {
      run.type(line + "\n");
      std::map<std::string, std::string> keys;
      const StageState now = run.stageNow();
      for (const auto& [name, key] : instanceOf(now).keys) keys[name] = key.value;
      return keys;
    };
    using Keys = std::map<std::string, std::string>;
    QCOMPARE(keysAfter("SET lock c1:token PX 60000"), (Keys{{"lock", "c1:token"}}));
    QCOMPARE(keysAfter("GET lock"), (Keys{{"lock", "c1:token"}}));
    const std::string unlock =
        "EVAL \"if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', "
        "KEYS[1]) else return 0 end\" 1 lock ";
    QCOMPARE(keysAfter(unlock + "c2:token"), (Keys{{"lock", "c1:token"}}));
    QCOMPARE(keysAfter(unlock + "c1:token"), Keys{});
    QCOMPARE(keysAfter("MULTI"), Keys{});
    QCOMPARE(keysAfter("SET lock c2"), Keys{});  // queued: nothing written yet
    QCOMPARE(keysAfter("HSET holds c2 1"), Keys{});
    QCOMPARE(keysAfter("EXEC"), (Keys{{"holds", "c2=1"}, {"lock", "c2"}}));
    QCOMPARE(keysAfter("EXPIRE lock 100"), (Keys{{"holds", "c2=1"}, {"lock", "c2"}}));
    QVERIFY(instanceOf(run.stageNow()).keys.at("lock").ttlMs > 99'000);
    QCOMPARE(keysAfter("DEL lock"), (Keys{{"holds", "c2=1"}}));
    QCOMPARE(keysAfter("FLUSHDB"), Keys{});
    // Each command is one request and its reply, or for a command the recipes never send (HSET,
    // FLUSHDB), one note of what it answered.
    const auto& trace = run.last().trace();
    std::vector<std::string> notes;
    int requests = 0;
    for (const auto& event : trace.events()) {
      if (event.kind == lockscope::sim::TraceKind::Note)
        notes.emplace_back(trace.text(event.detail));
      if (event.kind == lockscope::sim::TraceKind::Request) ++requests;
    }
    QCOMPARE(notes,
             (std::vector<std::string>{"HSET holds c2 1 \u2192 QUEUED", "FLUSHDB \u2192 OK"}));
    QCOMPARE(requests, 9);  // SET, GET, EVAL twice, MULTI, SET (queued), EXEC, EXPIRE, DEL
    // The keys' writes in the order they happened, with their causes.
    std::vector<std::string> writes;
    for (const auto& event : trace.events()) {
      if (event.kind == lockscope::sim::TraceKind::KeyChanged ||
          event.kind == lockscope::sim::TraceKind::KeyDeleted)
        writes.push_back(std::string(lockscope::sim::name(event.op)) + " " +
                         std::string(trace.text(event.path)));
    }
    QCOMPARE(writes, (std::vector<std::string>{"set lock", "del lock", "set holds", "set lock",
                                               "pexpire lock", "del lock", "del holds"}));
  }

  // The shell's clock is real time, and so is the stage's: a key set with PX 150 is gone 300 ms
  // later, its expiry on the stage at its moment, before the next command.
  void timeMovesAsTheShellMovesIt() {
    ConsoleRun run("SET short v PX 150\nSET long v PX 60000\n");
    const Micros setAt = *run.from.back();
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    run.type("GET short\n");
    QCOMPARE(run.console.output(), std::string("OK\nOK\n(nil)\n"));
    const Micros getAt = *run.from.back();
    QVERIFY2(getAt - setAt >= lockscope::sim::fromMillis(290),
             std::to_string(getAt - setAt).c_str());
    QVERIFY(!hasKey(run.stageNow(), "short"));
    QVERIFY(hasKey(run.stageNow(), "long"));
    const auto& trace = run.last().trace();
    Micros expiredAt = -1;
    for (const auto& event : trace.events()) {
      if (event.kind != lockscope::sim::TraceKind::KeyDeleted || trace.text(event.path) != "short")
        continue;
      expiredAt = event.time;
      QCOMPARE(event.op, lockscope::sim::TraceOp(lockscope::sim::KeyDeletedOp::Expired));
    }
    QVERIFY2(expiredAt > setAt + lockscope::sim::fromMillis(140) &&
                 expiredAt < setAt + lockscope::sim::fromMillis(170),
             std::to_string(expiredAt - setAt).c_str());
    // Every run is shown from the present (the wait is not replayed), the first from the start.
    QCOMPARE(run.from.size(), run.shown.size());
    QVERIFY(*run.from.front() < lockscope::sim::fromMillis(100));
    for (size_t index = 1; index < run.from.size(); ++index) {
      QVERIFY(run.from[index].has_value());
      QVERIFY(*run.from[index] >= *run.from[index - 1]);
    }
  }

  void theTranscriptShowsThePromptAndQuitStartsAFreshRedis() {
    ConsoleRun run("SET a 1\nGET a\n");
    QCOMPARE(run.console.kindName(), QStringLiteral("redis"));
    QCOMPARE(run.console.transcript(),
             QStringLiteral("model:6379> SET a 1\nOK\nmodel:6379> GET a\n\"1\"\n"));
    QCOMPARE(run.console.prompt(), QStringLiteral("model:6379> "));
    QCOMPARE(run.console.historyCount(), 2);
    QCOMPARE(run.console.historyEntry(1), QStringLiteral("GET a"));
    // `quit` ends the shell; the next line starts an empty Redis, as a new redis-shell would.
    run.type("quit\nGET a\n");
    QVERIFY2(run.console.transcript().endsWith(QStringLiteral("model:6379> GET a\n(nil)\n")),
             qPrintable(run.console.transcript()));
    QVERIFY(!hasKey(run.stageNow(), "a"));
  }

  // Each shell keeps its own server, transcript and history while the other one is shown.
  void eachKindKeepsItsOwnSession() {
    ConsoleRun run("SET a 1\n");
    run.console.setKind(ConsoleKind::ZooKeeper);
    QCOMPARE(run.console.kindName(), QStringLiteral("zookeeper"));
    QVERIFY(!run.console.active());  // a change of lesson closed the panel
    run.console.execute(QStringLiteral("create /a"));
    QVERIFY(run.console.transcript().contains(QStringLiteral("create /a\nCreated /a\n")));
    QVERIFY(run.last().stageAfter(run.last().trace().size()).znodes().count("/a"));
    run.console.setKind(ConsoleKind::Redis);
    QCOMPARE(run.console.transcript(), QStringLiteral("model:6379> SET a 1\nOK\n"));
    QCOMPARE(run.console.historyEntry(0), QStringLiteral("SET a 1"));
    run.console.open();
    QVERIFY(hasKey(run.stageNow(), "a"));
  }

  // --console: a ".redis" script is redis-cli's, a ".zk" one zkCli's; another, whichever.
  void aScriptOfTheOtherShellIsRefused() {
    ConsoleRun run;
    QVERIFY(run.console.scriptMismatch(QStringLiteral("/x/lock.redis")).isEmpty());
    QVERIFY(run.console.scriptMismatch(QStringLiteral("/x/lock.txt")).isEmpty());
    QCOMPARE(run.console.scriptMismatch(QStringLiteral("/x/lock.zk")),
             QStringLiteral("/x/lock.zk is a zkCli script, but this lesson's console speaks "
                            "redis-cli: open a ZooKeeper lesson with --scenario"));
    run.console.setKind(ConsoleKind::ZooKeeper);
    QVERIFY(run.console.scriptMismatch(QStringLiteral("/x/lock.zk")).isEmpty());
    QVERIFY(run.console.scriptMismatch(QStringLiteral("/x/lock.redis"))
                .startsWith(QStringLiteral("/x/lock.redis is a redis-cli script")));
  }
};

QTEST_GUILESS_MAIN(RedisConsoleTest)
#include "tst_redis_console.moc"
