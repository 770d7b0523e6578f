// Live mode is safe against the servers it is pointed at (issue 12): no server can make Lockscope
// kill or run anything on this machine, no run touches data it did not create, and two runs can
// share one server. Against real servers (the zk_standalone and redis_servers fixtures), a
// ZooKeeper started by this test in a directory whose name is a shell injection, and a stand-in
// Redis that answers INFO as a malicious server would.

#include <sys/resource.h>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>

#include "backends/live/redis/redis_blocking.h"
#include "backends/live/zookeeper_c.h"
#include "support/live_cli.h"
#include "support/live_redis_servers.h"
#include "support/live_server.h"
#include "support/stand_in_redis.h"

namespace {

using lockscope::testing::CliRun;
using lockscope::testing::deleteTree;
using lockscope::testing::kCliBoundMs;
using lockscope::testing::runCli;
using lockscope::testing::writeFile;
using lockscope::testing::ZooKeeperSession;

// lockscope-cli with `arguments`; 1.5 s in, the server process `pid` (one a test script started
// and recorded) is stopped with SIGSTOP until the run ends (bounded), then continued.
CliRun runWhileStopped(const QStringList& arguments, pid_t pid) {
  QProcess process;
  process.start(QStringLiteral(LOCKSCOPE_CLI_PATH), arguments);
  if (!process.waitForStarted()) return {};
  QTest::qWait(1500);
  ::kill(pid, SIGSTOP);
  const bool finished = process.waitForFinished(60'000);
  ::kill(pid, SIGCONT);
  if (!finished) process.kill();
  process.waitForFinished(5000);
  return {finished && process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
          process.readAllStandardOutput(), process.readAllStandardError()};
}

const char* const kSharedLockScenario =
    "title: shared\nrecipe: zk-chained\nrecipe_parameters: {lock_path: /victim}\nclients: "
    "6\nhold_ms: 20\nseed: 5\n"
    "expect: {mutual_exclusion: holds, acquisitions: \"== 6\"}\n";

}  // namespace

class LiveSafetyTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY2(!lockscope::testing::liveServer().isEmpty(), "no live ZooKeeper: run through ctest");
    QVERIFY2(!lockscope::testing::liveRedisServers().isEmpty(),
             "no live Redis servers: run through ctest");
  }

  // A Redis server's INFO named a process to SIGKILL (process_id) and an executable to run
  // (executable, config_file); kill_instance killed the first and restart_instance ran the second.
  // Now such faults need the user's control program, and nothing a server says is acted on.
  void aRedisServerCannotMakeUsKillOrRun() {
    QTemporaryDir dir;
    QProcess victim;
    victim.start(QStringLiteral("sleep"), {QStringLiteral("120")});
    QVERIFY(victim.waitForStarted());
    const QString pwned = dir.filePath(QStringLiteral("PWNED"));
    const QString downFile = dir.filePath(QStringLiteral("down"));
    lockscope::testing::StandInRedis server(
        "# Server\r\nprocess_id:" + std::to_string(victim.processId()) +
            "\r\nexecutable:/usr/bin/touch\r\nconfig_file:" + pwned.toStdString() + "\r\n",
        downFile.toStdString());
    QVERIFY(server.port() > 0);
    const QString address = QStringLiteral("127.0.0.1:%1").arg(server.port());
    const QString scenario = writeFile(
        dir.filePath(QStringLiteral("kill.yaml")),
        "title: kill\nbackend: redis\nrecipe: redis-lock\nclients: 1\nhold_ms: 50\n"
        "faults:\n  - {at: 10ms, kill_instance: redis-1}\n  - {at: 20ms, restart_instance: "
        "redis-1}\n");

    // Without a control program the fault is refused before anything connects: exit 2, one line.
    const CliRun refused = runCli(
        {QStringLiteral("run"), scenario, QStringLiteral("--live"), "redis=" + address}, {});
    QCOMPARE(refused.exitCode, 2);
    QCOMPARE(refused.err,
             (scenario +
              QStringLiteral(
                  ":7:5: kill_instance on a live server needs LOCKSCOPE_SERVER_CONTROL, a program "
                  "you trust to kill and restart your servers (docs/live.md); Lockscope "
                  "never acts on a process a server names\n"))
                 .toUtf8());

    // With one, the program is asked (argument vector, no shell) and the server's word is ignored.
    // This one "kills" the stand-in by making it play dead, and "restarts" it.
    const QString log = dir.filePath(QStringLiteral("control.log"));
    const QString control = writeFile(dir.filePath(QStringLiteral("control")),
                                      "#!/bin/sh\necho \"$@\" >> '" + log.toUtf8() +
                                          "'\n"
                                          "if [ \"$1\" = kill ]; then touch '" +
                                          downFile.toUtf8() + "'; else rm -f '" +
                                          downFile.toUtf8() + "'; fi\n");
    QFile::setPermissions(control, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    const CliRun run = runCli(
        {QStringLiteral("run"), scenario, QStringLiteral("--live"), "redis=" + address}, control,
        dir.path());
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QFile calls(log);
    QVERIFY(calls.open(QIODevice::ReadOnly));
    QCOMPARE(calls.readAll(),
             ("kill redis 1 " + address + "\nrestart redis 1 " + address + "\n").toUtf8());
    QCOMPARE(victim.state(), QProcess::Running);
    QVERIFY(!QFile::exists(pwned));
    const std::vector<std::string> commands = server.commands();
    QVERIFY(std::find(commands.begin(), commands.end(), "INFO") == commands.end());
    QVERIFY(std::find(commands.begin(), commands.end(), "FLUSHALL") == commands.end());
    victim.kill();
    victim.waitForFinished();
  }

  // The data directory a ZooKeeper reported (`conf`) was pasted into a shell command: a server
  // started in a directory named like this one ran `touch PWNED-BY-ZK-DATADIR`. The kill now goes
  // through the control program zk-server.sh wrote, which quotes its directory for bash.
  void zooKeeperInAQuotedDirectory() {
    QTemporaryDir base;
    const QString dir = base.filePath(
        QStringLiteral("zk 'it''s' \"q\" $(touch PWNED-BY-ZK-DATADIR)"));
    const QString script = QStringLiteral(LOCKSCOPE_SOURCE_DIR "/tests/support/zk-server.sh");
    QProcess start;
    start.setWorkingDirectory(base.path());
    start.start(QStringLiteral("bash"), {script, QStringLiteral("start"), dir});
    QVERIFY(start.waitForFinished(kCliBoundMs));
    QVERIFY2(start.exitCode() == 0, start.readAllStandardError().constData());
    const QString port = QString::fromLatin1(start.readAllStandardOutput()).trimmed();
    const QString scenario = writeFile(
        base.filePath(QStringLiteral("kill.yaml")),
        "title: kill\nrecipe: zk-chained\nclients: 2\nhold_ms: 50\n"
        "faults:\n  - {at: 10ms, kill_server: 1}\n  - {at: 20ms, restart_server: killed}\n");
    const CliRun run = runCli(
        {QStringLiteral("run"), scenario, QStringLiteral("--live"), "zk=127.0.0.1:" + port,
         QStringLiteral("--trace"), base.filePath(QStringLiteral("trace.jsonl"))},
        dir + QStringLiteral("/control"), base.path());
    QProcess stop;
    stop.start(QStringLiteral("bash"), {script, QStringLiteral("stop"), dir});
    stop.waitForFinished(60'000);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QFile trace(base.filePath(QStringLiteral("trace.jsonl")));
    QVERIFY(trace.open(QIODevice::ReadOnly));
    const QByteArray events = trace.readAll();
    QVERIFY(events.contains("\"op\":\"kill_server\""));
    QVERIFY2(!events.contains("live: kill_server"),
             events.constData());  // the control program did it
    QVERIFY(QDir(base.path()).entryList({QStringLiteral("PWNED*")}).isEmpty());
    QVERIFY(QDir(dir).entryList({QStringLiteral("PWNED*")}).isEmpty());
    QVERIFY(QDir::current().entryList({QStringLiteral("PWNED*")}).isEmpty());
  }

  void zooKeeperServerFaultsWithoutControlAreRefused() {
    const QString lesson = QStringLiteral(LOCKSCOPE_SOURCE_DIR
                                          "/scenarios/zookeeper-live/leader-killed.yaml");
    const CliRun run = runCli({QStringLiteral("run"), lesson, QStringLiteral("--live"),
                               "zk=" + lockscope::testing::liveServer()},
                              {});
    QCOMPARE(run.exitCode, 2);
    QCOMPARE(run.err.count('\n'), 1);
    QVERIFY2(run.err.startsWith(lesson.toUtf8() + ":"), run.err.constData());
    QVERIFY2(run.err.contains(": kill_server on a live server needs LOCKSCOPE_SERVER_CONTROL"),
             run.err.constData());
  }

  // A lesson with lock_path /victim deleted the server's own /victim subtree; now the run works
  // under /lockscope/<run id> and leaves everything else, and nothing of its own, behind.
  void aRunLeavesOtherDataAlone() {
    ZooKeeperSession zk(lockscope::testing::liveServer());
    QVERIFY(zk.connected());
    zk.create("/victim", "");
    QCOMPARE(zk.create("/victim/orders", "precious"), static_cast<int>(ZOK));
    QTemporaryDir dir;
    const QString scenario = writeFile(dir.filePath(QStringLiteral("shared.yaml")),
                                       kSharedLockScenario);
    const CliRun run = runCli({QStringLiteral("run"), scenario, QStringLiteral("--live"),
                               "zk=" + lockscope::testing::liveServer()},
                              {});
    const bool kept = zk.exists("/victim/orders");
    zk.remove("/victim/orders");
    zk.remove("/victim");
    QVERIFY2(run.exitCode == 0, run.out + run.err);
    QVERIFY(kept);
    QCOMPARE(zk.children("/lockscope"), QStringList());
  }

  // Each client's session has a fault proxy (a pipe and a listening socket). Out of file
  // descriptors, its constructor threw through the world's event loop; now the run ends at once
  // with the system's reason in one line and exit 2, and still deletes its namespace.
  void runningOutOfFileDescriptorsEndsTheRunWithTheReason() {
#if defined(__SANITIZE_ADDRESS__)
    // The sanitizers' runtime needs descriptors of its own (UBSan probes memory through a pipe
    // before it trusts a vptr): at 60 it reports a false "invalid vptr" and aborts the run, which
    // then leaves its namespace behind for the tests after this one.
    QSKIP("the sanitizers need file descriptors of their own; the optimised build runs this test");
#endif
    const CliRun run = runCli(
        {QStringLiteral("run"),
         QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/zookeeper/crash-holder.yaml"),
         QStringLiteral("--live"), "zk=" + lockscope::testing::liveServer(),
         QStringLiteral("--set"), QStringLiteral("clients=40")},
        {}, QDir::tempPath(), {}, [] {
          const rlimit few{60, 60};
          setrlimit(RLIMIT_NOFILE, &few);
        });
    QVERIFY2(run.exitCode == 2, run.out + run.err);
    const QList<QByteArray> lines = run.err.trimmed().split('\n');
    QVERIFY2(lines.last().contains("fault proxy") && lines.last().contains("Too many open files"),
             run.err);
    ZooKeeperSession zk(lockscope::testing::liveServer());
    QVERIFY(zk.connected());
    QCOMPARE(zk.children("/lockscope"), QStringList());
  }

  // Two runs on one server with the same lock path deleted each other's lock nodes and reported
  // false violations. Each now has its own namespace.
  void twoRunsShareOneServer() {
    QTemporaryDir dir;
    const QString scenario = writeFile(dir.filePath(QStringLiteral("shared.yaml")),
                                       kSharedLockScenario);
    QProcess first, second;
    for (QProcess* process : {&first, &second}) {
      process->setProcessChannelMode(QProcess::MergedChannels);
      process->start(QStringLiteral(LOCKSCOPE_CLI_PATH),
                     {QStringLiteral("run"), scenario, QStringLiteral("--live"),
                      "zk=" + lockscope::testing::liveServer()});
    }
    for (QProcess* process : {&first, &second}) {
      QVERIFY(process->waitForFinished(kCliBoundMs));
      QVERIFY2(process->exitCode() == 0, process->readAll().constData());
    }
    ZooKeeperSession zk(lockscope::testing::liveServer());
    QVERIFY(zk.connected());
    QCOMPARE(zk.children("/lockscope"), QStringList());
  }

  // Every run began with FLUSHALL on every server. Now its keys carry a prefix of their own and
  // only those are deleted.
  void aRedisRunLeavesOtherKeysAlone() {
    const QString servers = lockscope::testing::liveRedisServers();
    const QString first = servers.section(',', 0, 0);
    const auto address = lockscope::live::parseServerList(first.toStdString());
    QVERIFY(address);
    using lockscope::live::redis::commandAndWait;
    QVERIFY(commandAndWait(address->front(), {"SET", "lock", "precious"}, 2000));
    const QString lesson = QStringLiteral(LOCKSCOPE_SOURCE_DIR
                                          "/scenarios/redis/crash-with-ttl.yaml");
    const CliRun run = runCli(
        {QStringLiteral("run"), lesson, QStringLiteral("--live"), "redis=" + first}, {});
    const auto kept = commandAndWait(address->front(), {"GET", "lock"}, 2000);
    const auto left = commandAndWait(address->front(), {"KEYS", "lockscope:*"}, 2000);
    static_cast<void>(
        commandAndWait(address->front(), {"DEL", "lock"}, 2000));  // tidy up, best effort
    QVERIFY2(run.exitCode == 0, run.out + run.err);
    QVERIFY(kept && left);
    QCOMPARE(QString::fromStdString(kept->text), QStringLiteral("precious"));
    QCOMPARE(left->elements.size(), size_t(0));
  }

  // leader-killed.yaml passed on a standalone server although its fault never happened. A fault
  // that fails now ends the run: bad input for these servers, exit 2, one line naming the fault.
  void aFaultThatDidNotHappenFailsTheRun() {
    const QString lesson = QStringLiteral(LOCKSCOPE_SOURCE_DIR
                                          "/scenarios/zookeeper-live/leader-killed.yaml");
    const CliRun run = runCli({QStringLiteral("run"), lesson, QStringLiteral("--live"),
                               "zk=" + lockscope::testing::liveServer()},
                              QStringLiteral(LOCKSCOPE_LIVE_ZK_DIR "/control"));
    QCOMPARE(run.exitCode, 2);
    QCOMPARE(run.err.count('\n'), 1);
    QVERIFY2(run.err.startsWith("lockscope-cli run: " + lesson.toUtf8() + ":"),
             run.err.constData());
    QVERIFY2(
        run.err.contains("kill_server leader") && run.err.contains("a standalone server has none"),
        run.err.constData());
  }

  // A ZooKeeper stopped mid-run (SIGSTOP): failed rounds counted as progress and the run went on
  // for up to 10 minutes. Now the server is reported lost within the bound: exit 3, one line.
  void aStoppedZooKeeperIsLost() {
    QFile pids(QStringLiteral(LOCKSCOPE_LIVE_ZK_DIR "/pid"));  // recorded by zk-server.sh: ours
    QVERIFY(pids.open(QIODevice::ReadOnly));
    const pid_t pid = static_cast<pid_t>(pids.readLine().trimmed().toLongLong());
    QVERIFY(pid > 0);
    QTemporaryDir dir;
    const QString scenario = writeFile(
        dir.filePath(QStringLiteral("long.yaml")),
        "title: long\nrecipe: zk-chained\nclients: 3\nhold_ms: 200\nrounds: 1000\n");
    const CliRun run = runWhileStopped({QStringLiteral("run"), scenario, QStringLiteral("--live"),
                                        "zk=" + lockscope::testing::liveServer()},
                                       pid);
    const QByteArray& err = run.err;
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(err.startsWith("lockscope-cli run: ZooKeeper at " +
                            lockscope::testing::liveServer().toUtf8() +
                            " has not answered for 10 s; the run's nodes under /lockscope/") &&
                 err.count('\n') == 1,
             err.constData());
    // What the message says is left behind, the test (its owner here) removes.
    ZooKeeperSession zk(lockscope::testing::liveServer());
    QVERIFY(zk.connected());
    const QStringList left = zk.children("/lockscope");
    QCOMPARE(left.size(), 1);
    QVERIFY(err.contains(("/lockscope/" + left.first()).toUtf8()));
    deleteTree(zk, "/lockscope");
  }

  // The same for Redis, stopped and then killed under a run (by the test, not the run): the run
  // hung past 60 s. And a server asking for a password is unreachable, not a hang.
  void aStoppedRedisIsLost() {
    const QString first = lockscope::testing::liveRedisServers().section(',', 0, 0);
    QFile pidFile(QStringLiteral(LOCKSCOPE_LIVE_REDIS_DIR "/redis-") + first.section(':', 1) +
                  QStringLiteral(".pid"));
    QVERIFY(pidFile.open(QIODevice::ReadOnly));  // recorded by redis-servers.sh: ours
    const pid_t pid = static_cast<pid_t>(pidFile.readAll().trimmed().toLongLong());
    QVERIFY(pid > 0);
    QTemporaryDir dir;
    const QString scenario = writeFile(dir.filePath(QStringLiteral("long.yaml")),
                                       "title: long\nbackend: redis\nrecipe: redis-lock\nclients: "
                                       "2\nhold_ms: 100\nrounds: 1000\n");
    const CliRun run = runWhileStopped(
        {QStringLiteral("run"), scenario, QStringLiteral("--live"), "redis=" + first}, pid);
    const QByteArray& err = run.err;
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(err.startsWith("lockscope-cli run: redis-1 (Redis at " + first.toUtf8() +
                            ") has not answered for 10 s; the run's keys lockscope:") &&
                 err.count('\n') == 1,
             err.constData());
    const auto address = lockscope::live::parseServerList(first.toStdString());
    const auto left = lockscope::live::redis::commandAndWait(address->front(),
                                                             {"KEYS", "lockscope:*"}, 2000);
    QVERIFY2(left, left.message().c_str());
    for (const auto& key : left->elements) {
      QVERIFY(err.contains(QByteArray::fromStdString(key.text.substr(0, key.text.rfind(':')))));
      static_cast<void>(lockscope::live::redis::commandAndWait(address->front(), {"DEL", key.text},
                                                               2000));  // tidy up
    }
  }

  void aRedisAskingForAPasswordIsUnreachable() {
    lockscope::testing::StandInRedis server("", {}, true);
    const QString address = QStringLiteral("127.0.0.1:%1").arg(server.port());
    const CliRun run = runCli(
        {QStringLiteral("run"),
         QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/redis/crash-with-ttl.yaml"),
         QStringLiteral("--live"), "redis=" + address},
        {});
    QCOMPARE(run.exitCode, 3);
    QCOMPARE(run.err, "lockscope-cli run: Redis at " + address.toUtf8() +
                          " refuses the run: NOAUTH Authentication required.\n");
  }

  // Ctrl+C in the middle of a run killed the process and left a server it had killed dead, its
  // keys and nodes behind. Now the run stops, restarts what it killed, deletes what it made.
  void anInterruptedRedisRunLeavesTheServersAsItFoundThem() {
    const QString first = lockscope::testing::liveRedisServers().section(',', 0, 0);
    const auto address = lockscope::live::parseServerList(first.toStdString());
    QVERIFY(address);
    QTemporaryDir dir;
    const QString scenario = writeFile(
        dir.filePath(QStringLiteral("killed.yaml")),
        "title: killed\nbackend: redis\nrecipe: redis-lock\nclients: 2\nhold_ms: 60000\n"
        "faults:\n  - {at: 300ms, kill_instance: redis-1}\n");
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("LOCKSCOPE_SERVER_CONTROL"),
                       QStringLiteral(LOCKSCOPE_LIVE_REDIS_DIR "/control"));
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(LOCKSCOPE_CLI_PATH),
                  {QStringLiteral("run"), scenario, QStringLiteral("--live"), "redis=" + first});
    QVERIFY(process.waitForStarted());
    using lockscope::live::redis::commandAndWait;
    QTRY_VERIFY_WITH_TIMEOUT(!commandAndWait(address->front(), {"PING"}, 200),
                             20'000);  // killed by the run
    ::kill(static_cast<pid_t>(process.processId()), SIGINT);
    QVERIFY(process.waitForFinished(60'000));
    const QByteArray err = process.readAllStandardError();
    QCOMPARE(process.exitCode(), 128 + SIGINT);
    QVERIFY2(err.startsWith("lockscope-cli run: interrupted by SIGINT; the run stopped at ") &&
                 err.count('\n') == 1,
             err.constData());
    const auto left = commandAndWait(address->front(), {"KEYS", "lockscope:*"}, 2000);
    QVERIFY2(left, left.message().c_str());  // answers again: restarted
    QCOMPARE(left->elements.size(), size_t(0));
  }

  void anInterruptedZooKeeperRunDeletesItsNamespace() {
    QTemporaryDir dir;
    const QString scenario = writeFile(
        dir.filePath(QStringLiteral("long.yaml")),
        "title: long\nrecipe: zk-chained\nclients: 3\nhold_ms: 60000\n");
    QProcess process;
    process.start(QStringLiteral(LOCKSCOPE_CLI_PATH),
                  {QStringLiteral("run"), scenario, QStringLiteral("--live"),
                   "zk=" + lockscope::testing::liveServer()});
    QVERIFY(process.waitForStarted());
    ZooKeeperSession zk(lockscope::testing::liveServer());
    QVERIFY(zk.connected());
    QTRY_VERIFY_WITH_TIMEOUT(zk.children("/lockscope").size() == 1, 20'000);
    QTest::qWait(500);  // the clients hold and wait now
    ::kill(static_cast<pid_t>(process.processId()), SIGTERM);
    QVERIFY(process.waitForFinished(60'000));
    QCOMPARE(process.exitCode(), 128 + SIGTERM);
    QCOMPARE(zk.children("/lockscope"), QStringList());
  }
};

QTEST_GUILESS_MAIN(LiveSafetyTest)
#include "tst_live_safety.moc"
