// Goal: bad input never crashes, hangs or loses output (issue 13). For each command (`run`,
// `check`, `shell`, and the GUI's headless flags) and each class a hostile tester found (a crash,
// a hang, a wrong exit code, lost or partial output), a crafted input gets: the documented exit
// code (2 bad input or unwritable output, never a signal), exactly one line on stderr naming the
// file (with line:col where there is one) and what was expected, and no partial file left where
// an output was asked for.
//
// Method: the real `lockscope-cli` and `lockscope` binaries run through QProcess on inputs written
// to a temporary directory. Every child is bounded (a hang fails the test, it does not block it).
// A full disk is made with RLIMIT_FSIZE in the child (writes past the limit fail with EFBIG, as
// they do on a full disk, and the test needs no root and no mount); a full stdout with /dev/full.
#include <sys/resource.h>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>

namespace {

constexpr int kChildTimeoutMs = 60'000;

struct Run {
  bool finished = false;  // false: still running at the timeout (a hang), and killed
  bool crashed = false;   // ended by a signal (abort, segfault)
  int exitCode = -1;
  QByteArray out, err;

  QStringList errLines() const { return QString::fromUtf8(err).trimmed().split(QLatin1Char('\n')); }
};

struct Child {
  QString program;
  QStringList arguments;
  QByteArray input;               // written to stdin, which is then closed
  QString stdoutFile;             // when set, stdout goes there (e.g. /dev/full)
  rlim_t fileSizeLimitBytes = 0;  // when set, RLIMIT_FSIZE in the child
};

// A private runtime directory for the GUI (else Qt warns on stderr about XDG_RUNTIME_DIR).
QString runtimeDirectory;

Run start(const Child& child) {
  QProcess process;
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtimeDirectory);
  environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
  environment.insert(QStringLiteral("QT_QUICK_BACKEND"), QStringLiteral("software"));
  process.setProcessEnvironment(environment);
  if (!child.stdoutFile.isEmpty()) process.setStandardOutputFile(child.stdoutFile);
  const rlim_t limit = child.fileSizeLimitBytes;
  if (limit != 0) {
    process.setChildProcessModifier([limit] {
      // Runs in the child between fork and exec: only async-signal-safe calls.
      const rlimit bytes{limit, limit};
      ::setrlimit(RLIMIT_FSIZE, &bytes);
      ::signal(SIGXFSZ, SIG_IGN);  // the write then fails with EFBIG instead of killing the child
    });
  }
  process.start(child.program, child.arguments);
  Run run;
  if (!process.waitForStarted(kChildTimeoutMs)) return run;
  process.write(child.input);
  process.closeWriteChannel();
  run.finished = process.waitForFinished(kChildTimeoutMs);
  if (!run.finished) {
    process.kill();
    process.waitForFinished(5'000);
    return run;
  }
  run.crashed = process.exitStatus() != QProcess::NormalExit;
  run.exitCode = run.crashed ? -1 : process.exitCode();
  run.out = process.readAllStandardOutput();
  run.err = process.readAllStandardError();
  return run;
}

Run cli(const QStringList& arguments, const QByteArray& input = {}) {
  return start({QStringLiteral(LOCKSCOPE_CLI_PATH), arguments, input, {}, 0});
}

QString describe(const Run& run) {
  return QStringLiteral("finished %1, crashed %2, exit %3, stderr: %4")
      .arg(run.finished)
      .arg(run.crashed)
      .arg(run.exitCode)
      .arg(QString::fromUtf8(run.err));
}

QByteArray readAll(const QString& path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void write(const QString& path, const QByteArray& bytes) {
  QFile file(path);
  QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
  QCOMPARE(file.write(bytes), bytes.size());
}

const QByteArray kGoodScenario =
    "title: small\nrecipe: zk-chained\nclients: 3\nexpect: {mutual_exclusion: holds}\n";

}  // namespace

// Asserts the contract for bad input: it ended on its own, without a signal, with `exitCode`, and
// said so in exactly one stderr line starting with `firstLine`.
#define EXPECT_ONE_LINE(run, exitCodeWanted, firstLine)                                       \
  do {                                                                                        \
    QVERIFY2((run).finished && !(run).crashed, qPrintable(describe(run)));                    \
    QVERIFY2((run).exitCode == (exitCodeWanted), qPrintable(describe(run)));                  \
    QVERIFY2((run).errLines().size() == 1, qPrintable(describe(run)));                        \
    QVERIFY2((run).errLines().constFirst().startsWith(firstLine), qPrintable(describe(run))); \
  } while (false)

// A shell's output written to /dev/full: exit 2 and, last on stderr, the reason.
void expectFullDiskFailure(const QString& command, const QByteArray& input) {
  const Run run = start(
      {QStringLiteral(LOCKSCOPE_CLI_PATH), {command}, input, QStringLiteral("/dev/full"), 0});
  QVERIFY2(run.finished && !run.crashed && run.exitCode == 2, qPrintable(describe(run)));
  QVERIFY2(run.errLines().constLast().startsWith(QStringLiteral(
               "lockscope-cli: writing standard output failed: No space left on device")),
           qPrintable(describe(run)));
}

class CliRobustnessTest : public QObject {
  Q_OBJECT

  QTemporaryDir dir_;
  QTemporaryDir runtime_;

  QString path(const QString& name) const { return dir_.filePath(name); }
  QString scenario(const QString& name, const QByteArray& text) {
    write(path(name), text);
    return path(name);
  }
  // Files left in the directory besides `expected` (a leftover temporary file is lost output too).
  QStringList strayFiles(const QStringList& expected) const {
    QStringList stray = QDir(dir_.path()).entryList(QDir::Files | QDir::Hidden);
    for (const QString& name : expected) stray.removeAll(name);
    return stray;
  }

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    QVERIFY(runtime_.isValid());
    QFile::setPermissions(runtime_.path(),
                          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    runtimeDirectory = runtime_.path();
  }
  void cleanup() {
    for (const QString& name : QDir(dir_.path()).entryList(QDir::Files | QDir::Hidden))
      QFile::remove(path(name));
  }

  // --- every command: bad usage is one line (it printed the whole usage, or a value's newline) ---

  void badUsageIsOneLine_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("line");
    QTest::newRow("no command")
        << QStringList{}
        << QStringLiteral("lockscope-cli: expected a command; expected one of: run, check");
    QTest::newRow("unknown command")
        << QStringList{QStringLiteral("walk")}
        << QStringLiteral("lockscope-cli: unknown command 'walk'; expected one of: run, check");
    QTest::newRow("--set without =")
        << QStringList{QStringLiteral("run"), QStringLiteral("s.yaml"), QStringLiteral("--set"),
                       QStringLiteral("a\nb")}
        << QStringLiteral("lockscope-cli: --set expects key=value, got 'a\\nb'");
    QTest::newRow("check --set without =")
        << QStringList{QStringLiteral("check"), QStringLiteral("s.yaml"), QStringLiteral("--set"),
                       QStringLiteral("x")}
        << QStringLiteral("lockscope-cli: --set expects key=value, got 'x'");
    QTest::newRow("shell bad seed")
        << QStringList{QStringLiteral("shell"), QStringLiteral("--seed"), QStringLiteral("many")}
        << QStringLiteral(
               "lockscope-cli shell: --seed needs a number (lockscope-cli shell --help for usage)");
    QTest::newRow("services bad clients")
        << QStringList{QStringLiteral("services"), QStringLiteral("--clients"), QStringLiteral("1")}
        << QStringLiteral(
               "lockscope-cli services: --clients expects a number from 2 to 1000, "
               "got '1'");
    QTest::newRow("shell unknown argument")
        << QStringList{QStringLiteral("shell"), QStringLiteral("-x\ny")}
        << QStringLiteral("lockscope-cli shell: unknown argument '-x\\ny'");
    QTest::newRow("redis-shell unknown argument")
        << QStringList{QStringLiteral("redis-shell"), QStringLiteral("-p")}
        << QStringLiteral("lockscope-cli redis-shell: unknown argument '-p'");
    QTest::newRow("redis-shell two servers")
        << QStringList{QStringLiteral("redis-shell"), QStringLiteral("--live"),
                       QStringLiteral("127.0.0.1:1,127.0.0.1:2")}
        << QStringLiteral("lockscope-cli redis-shell: --live takes one HOST:PORT");
  }

  void badUsageIsOneLine() {
    QFETCH(QStringList, arguments);
    QFETCH(QString, line);
    EXPECT_ONE_LINE(cli(arguments), 2, line);
  }

  // The seeds' comparison of the three services, measured: the row lock goes with a crashed
  // holder's connection at once, Redis' lease after its TTL, ZooKeeper's node after its session;
  // a 6 s pause outlasts the lease and the session but not the open transaction.
  void servicesComparesTheThreeServices() {
    const Run run = cli({QStringLiteral("services"), QStringLiteral("--json")});
    QVERIFY2(run.finished && !run.crashed && run.exitCode == 0, qPrintable(describe(run)));
    const QJsonArray services = QJsonDocument::fromJson(run.out).object()["services"].toArray();
    QCOMPARE(services.size(), 3);
    const QJsonObject database = services[0].toObject(), redis = services[1].toObject(),
                      zookeeper = services[2].toObject();
    QCOMPARE(database["service"].toString(), QStringLiteral("database"));
    QCOMPARE(redis["recipe"].toString(), QStringLiteral("redis-lock"));
    for (const QJsonObject& service : {database, redis, zookeeper})
      QVERIFY(service["crash_recovered"].toBool());
    QVERIFY(database["crash_recover_ms"].toDouble() < 100);
    QVERIFY(redis["crash_recover_ms"].toDouble() >= 1800);
    QVERIFY(zookeeper["crash_recover_ms"].toDouble() > redis["crash_recover_ms"].toDouble());
    QCOMPARE(database["pause_max_holders"].toDouble(), 1.0);
    QCOMPARE(redis["pause_max_holders"].toDouble(), 2.0);
    QCOMPARE(zookeeper["pause_max_holders"].toDouble(), 2.0);
    const Run table = cli({QStringLiteral("services")});
    QVERIFY(table.out.contains("reliability: holder crashes, lock back after"));
  }

  // --- run: crashes ---

  // Invalid UTF-8 in the title made `run --json` abort (nlohmann type_error 316).
  void runRefusesInvalidUtf8InsteadOfAborting() {
    const QString file = scenario(QStringLiteral("utf8.yaml"),
                                  "title: \"a\xff b\"\nrecipe: zk-chained\nclients: 2\n");
    const Run run = cli({QStringLiteral("run"), file, QStringLiteral("--json")});
    EXPECT_ONE_LINE(run, 2, file + QStringLiteral(":1:10: expected UTF-8 text"));
    QVERIFY(run.out.isEmpty());
  }

  // `run /dev/zero` grew to gigabytes and aborted with bad_alloc; so did a 100 MB file.
  void runRefusesDevicesAndHugeFiles() {
    const Run zero = cli({QStringLiteral("run"), QStringLiteral("/dev/zero")});
    EXPECT_ONE_LINE(zero, 2, QStringLiteral("/dev/zero: not a regular file"));
    const QString huge = scenario(QStringLiteral("huge.yaml"),
                                  kGoodScenario + "# " + QByteArray(8 * 1024 * 1024, 'x') + "\n");
    const Run big = cli({QStringLiteral("run"), huge});
    EXPECT_ONE_LINE(big, 2, huge + QStringLiteral(": the scenario file is larger than 4 MiB"));
  }

  // --- run: wrong answers and wrong exit codes ---

  void runRefusesDuplicateKeysWithLineAndColumn() {
    const QString file = scenario(QStringLiteral("dup.yaml"),
                                  "title: t\nrecipe: zk-chained\nclients: 2\nclients: 50\n");
    EXPECT_ONE_LINE(cli({QStringLiteral("run"), file}), 2,
                    file + QStringLiteral(":4:1: the key 'clients' appears twice"));
  }

  // A malformed --live value is bad input (2), not an unreachable server (3): one parser
  // (backends/live/server_address.h) checks every address before anything connects. A port past
  // 65535 used to wrap around to another server's port.
  void runMalformedLiveValueIsBadInput() {
    const QString file = scenario(QStringLiteral("live.yaml"), kGoodScenario);
    EXPECT_ONE_LINE(cli({QStringLiteral("run"), file, QStringLiteral("--live"),
                         QStringLiteral("zk=host:99999")}),
                    2,
                    QStringLiteral("lockscope-cli run: --live expects zk=HOST:PORT[,HOST:PORT...], "
                                   "redis=HOST:PORT[,HOST:PORT...], pg=HOST:PORT/DB or "
                                   "mariadb=HOST:PORT/DB, got 'zk=host:99999': 'host:99999' is not "
                                   "HOST:PORT (a port is a number from 1 to 65535)"));
    EXPECT_ONE_LINE(
        cli({QStringLiteral("run"), file, QStringLiteral("--live"),
             QStringLiteral("zk=127.0.0.1:2181,")}),
        2,
        QStringLiteral("lockscope-cli run: --live expects zk=HOST:PORT[,HOST:PORT...], "
                       "redis=HOST:PORT[,HOST:PORT...], pg=HOST:PORT/DB or "
                       "mariadb=HOST:PORT/DB, got 'zk=127.0.0.1:2181,': an empty address in "
                       "'127.0.0.1:2181,'"));
    EXPECT_ONE_LINE(cli({QStringLiteral("run"), file, QStringLiteral("--live"),
                         QStringLiteral("zk=127.0.0.1:2181/victim")}),
                    2,
                    QStringLiteral("lockscope-cli run: --live expects zk=HOST:PORT[,HOST:PORT...], "
                                   "redis=HOST:PORT[,HOST:PORT...], pg=HOST:PORT/DB or "
                                   "mariadb=HOST:PORT/DB, got 'zk=127.0.0.1:2181/victim': "
                                   "'127.0.0.1:2181/victim' "
                                   "is not HOST:PORT (a port is a number from 1 to 65535)"));
  }

  // A password typed into an address is never echoed back (nor accepted: secrets come from the
  // environment, docs/live.md).
  void runNeverEchoesAPasswordInAnAddress() {
    const QString file = scenario(QStringLiteral("live.yaml"), kGoodScenario);
    // A database address too, with or without its database.
    for (const QString& value : {QStringLiteral("redis=user:s3cr3t-pw@127.0.0.1:6390"),
                                 QStringLiteral("pg=user:s3cr3t-pw@127.0.0.1:5432/db"),
                                 QStringLiteral("mariadb=user:s3cr3t-pw@127.0.0.1:3306")}) {
      const Run run = cli({QStringLiteral("run"), file, QStringLiteral("--live"), value});
      EXPECT_ONE_LINE(
          run, 2,
          QStringLiteral("lockscope-cli run: --live expects zk=HOST:PORT[,HOST:PORT...], "
                         "redis=HOST:PORT[,HOST:PORT...], pg=HOST:PORT/DB or "
                         "mariadb=HOST:PORT/DB, got '...': an address holds an '@': "
                         "credentials never go in an address (see docs/live.md)"));
      QVERIFY(!run.err.contains("s3cr3t"));
      QVERIFY(!run.out.contains("s3cr3t"));
    }
  }

  // --- run: hangs ---

  // 300,000 names did not load in 60 s (a quadratic check); over the cap is now refused at once
  // and a list at the cap loads well within the child's bound.
  void runRefusesClientListsOverTheCap() {
    QByteArray text = "title: t\nrecipe: zk-chained\nclients:\n";
    for (int i = 0; i <= 100'000; ++i) text += "- {name: n" + QByteArray::number(i) + "}\n";
    const QString file = scenario(QStringLiteral("many.yaml"), text);
    EXPECT_ONE_LINE(cli({QStringLiteral("run"), file}), 2,
                    file + QStringLiteral(":4:1: at most 100000 clients, got 100001"));
  }

  // --- run: lost or partial output ---

  // `--json > /dev/full` exited 0 with the report lost.
  void runReportToAFullDiskFails() {
    const QString file = scenario(QStringLiteral("good.yaml"), kGoodScenario);
    const Run run = start({QStringLiteral(LOCKSCOPE_CLI_PATH),
                           {QStringLiteral("run"), file, QStringLiteral("--json")},
                           {},
                           QStringLiteral("/dev/full"),
                           0});
    EXPECT_ONE_LINE(
        run, 2,
        QStringLiteral("lockscope-cli: writing standard output failed: No space left on device"));
  }

  // A trace on a full disk left an empty or truncated file and exit 0. Now: exit 2 naming the file
  // and the reason, the previous good trace left exactly as it was, no temporary file behind.
  void runTraceOnAFullDiskKeepsThePreviousFile() {
    const QString file = scenario(QStringLiteral("good.yaml"), kGoodScenario);
    const QString trace = path(QStringLiteral("t.jsonl"));
    write(trace, "a good trace from an earlier run\n");
    const Run run = start({QStringLiteral(LOCKSCOPE_CLI_PATH),
                           {QStringLiteral("run"), file, QStringLiteral("--trace"), trace},
                           {},
                           {},
                           4096});
    EXPECT_ONE_LINE(run, 2,
                    QStringLiteral("lockscope-cli run: writing the trace file failed: ") + trace +
                        QStringLiteral(": "));
    QCOMPARE(readAll(trace), QByteArray("a good trace from an earlier run\n"));
    QCOMPARE(strayFiles({QStringLiteral("good.yaml"), QStringLiteral("t.jsonl")}), QStringList());
  }

  // And when the disk has room, the trace is whole: one JSON object per line, ending in a newline.
  void runTraceIsWholeWhenItFits() {
    const QString file = scenario(QStringLiteral("good.yaml"), kGoodScenario);
    const QString trace = path(QStringLiteral("t.jsonl"));
    const Run run = cli({QStringLiteral("run"), file, QStringLiteral("--trace"), trace});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    const QByteArray written = readAll(trace);
    QVERIFY(written.size() > 1000);
    QVERIFY(written.endsWith("}\n"));
    QCOMPARE(strayFiles({QStringLiteral("good.yaml"), QStringLiteral("t.jsonl")}), QStringList());
  }

  // `--trace s.yaml` overwrote the scenario itself.
  void runRefusesATraceOverItsOwnScenario() {
    const QString file = scenario(QStringLiteral("self.yaml"), kGoodScenario);
    EXPECT_ONE_LINE(cli({QStringLiteral("run"), file, QStringLiteral("--trace"), file}), 2,
                    QStringLiteral("lockscope-cli run: --trace ") + file +
                        QStringLiteral(" is the scenario file itself"));
    QCOMPARE(readAll(file), kGoodScenario);
  }

  // zk-naive with thousands of clients ran silently for minutes. On a terminal (a pty made by
  // script(1)) a long run now redraws one progress line and erases it before the report; with
  // stderr not a terminal, or a short run, nothing is added.
  void runShowsProgressOnlyOnATerminal() {
    const QString file = scenario(QStringLiteral("naive.yaml"),
                                  "title: herd\nrecipe: zk-naive\nclients: 300\n");
    const QString command = QStringLiteral(
                                "LOCKSCOPE_PROGRESS_AFTER_MS=0 '%1' run '%2' > /dev/null")
                                .arg(QStringLiteral(LOCKSCOPE_CLI_PATH), file);
    const Run terminal = start({QStringLiteral("script"),
                                {QStringLiteral("-qec"), command, QStringLiteral("/dev/null")},
                                {},
                                {},
                                0});
    QVERIFY2(terminal.finished && terminal.exitCode == 0, qPrintable(describe(terminal)));
    QVERIFY2(terminal.out.startsWith("\r\x1b[Klockscope-cli: "),
             terminal.out.left(200).constData());
    QVERIFY2(terminal.out.contains("/300 acquisitions, "), terminal.out.left(200).constData());
    QVERIFY2(terminal.out.endsWith("\r\x1b[K"), terminal.out.right(200).constData());

    qputenv("LOCKSCOPE_PROGRESS_AFTER_MS", "0");
    const Run pipe = cli({QStringLiteral("run"), file});
    qunsetenv("LOCKSCOPE_PROGRESS_AFTER_MS");
    QVERIFY2(pipe.exitCode == 0 && pipe.err.isEmpty(), qPrintable(describe(pipe)));

    const QString small = scenario(QStringLiteral("small.yaml"), kGoodScenario);
    const Run quick = start({QStringLiteral("script"),
                             {QStringLiteral("-qec"),
                              QStringLiteral("'%1' run '%2' > /dev/null")
                                  .arg(QStringLiteral(LOCKSCOPE_CLI_PATH), small),
                              QStringLiteral("/dev/null")},
                             {},
                             {},
                             0});
    QVERIFY2(quick.finished && quick.exitCode == 0 && quick.out.isEmpty(),
             qPrintable(describe(quick) + quick.out));
  }

  // A long run's memory grew with its length. Only what the checkers need is kept, so eight
  // times the rounds (1.2 M events against 150 k) peaks within a few MB of the short run.
  void runMemoryDoesNotGrowWithTheRunsLength() {
#if defined(__SANITIZE_ADDRESS__)
    QSKIP("AddressSanitizer's quarantine keeps freed memory: the resident size says nothing here");
#endif
    const auto peakKb = [](const QString& rounds) {
      const Run run = cli(
          {QStringLiteral("run"),
           QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/zookeeper/herd-chained.yaml"),
           QStringLiteral("--set"), "rounds=" + rounds, QStringLiteral("--set"),
           QStringLiteral("narration=[]"), QStringLiteral("--set"),
           QStringLiteral("max_virtual_ms=86400000"), QStringLiteral("--json")});
      const QJsonObject report = QJsonDocument::fromJson(run.out).object();
      return std::pair(report["peak_rss_kb"].toInteger(), report["events"].toInteger());
    };
    const auto [shortKb, shortEvents] = peakKb(QStringLiteral("500"));
    const auto [longKb, longEvents] = peakKb(QStringLiteral("4000"));
    QVERIFY(shortKb > 0 && longEvents >= 7 * shortEvents);
    QVERIFY2(longKb <= shortKb + 4096,
             qPrintable(QStringLiteral("%1 KB after %2 events, %3 KB after %4")
                            .arg(shortKb)
                            .arg(shortEvents)
                            .arg(longKb)
                            .arg(longEvents)));
  }

  // The herd's cost is what it has to be: at most N-1 notifications per release, and a constant
  // number of events per notification (each wakes one waiter, which lists /lock once), so twice
  // the clients make four times the events and nothing more. (Its time is a benchmark's matter.)
  void theHerdCostsNoMoreThanItsNotifications() {
    const auto measure = [](int clients) {
      const Run run = cli(
          {QStringLiteral("run"),
           QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/zookeeper/herd-naive.yaml"),
           QStringLiteral("--set"), QStringLiteral("clients=%1").arg(clients),
           QStringLiteral("--set"), QStringLiteral("narration=[]"), QStringLiteral("--set"),
           QStringLiteral("expect={}"), QStringLiteral("--json")});
      return QJsonDocument::fromJson(run.out).object();
    };
    const QJsonObject small = measure(150), large = measure(300);
    QVERIFY(small["notifications_per_release"].toDouble() <= 149);
    QVERIFY(large["notifications_per_release"].toDouble() <= 299);
    const double smallRatio = small["events"].toDouble() / small["notifications"].toDouble();
    const double largeRatio = large["events"].toDouble() / large["notifications"].toDouble();
    QVERIFY2(largeRatio <= smallRatio * 1.05,
             qPrintable(QStringLiteral("%1 events per notification at 150 clients, %2 at 300")
                            .arg(smallRatio)
                            .arg(largeRatio)));
  }

  // --- explore and sweep (issue 18) ---

  void exploreRefusesBadBoundsInOneLine_data() {
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QString>("line");
    QTest::newRow("unknown fault") << QStringList{"--faults", "bogus\n=1"}
                                   << "lockscope-cli explore: --faults: unknown or unexplorable "
                                      "fault 'bogus\\n' for zookeeper; expected one of: crash";
    QTest::newRow("another service's fault")
        << QStringList{"--faults", "kill_instance=1"}
        << "lockscope-cli explore: --faults: unknown or unexplorable fault 'kill_instance'";
    QTest::newRow("bad count") << QStringList{"--faults", "crash=lots"}
                               << "lockscope-cli explore: --faults: expected a count from 0 to "
                                  "100 for 'crash', got 'lots'";
    QTest::newRow("no runs") << QStringList{"--runs", "0"}
                             << "lockscope-cli explore: --runs expects a whole number from 1";
    QTest::newRow("mode") << QStringList{"--mode", "psychic"}
                          << "lockscope-cli explore: --mode 'psychic' is not available";
    QTest::newRow("find") << QStringList{"--find", "bugs"}
                          << "lockscope-cli explore: --find: unknown violation kind 'bugs'";
    QTest::newRow("nested --set with --out")
        << QStringList{"--set", "network.latency_ms=3", "--out", "found.yaml"}
        << "lockscope-cli explore: --out: cannot write --set network.latency_ms";
  }

  void exploreRefusesBadBoundsInOneLine() {
    QFETCH(QStringList, options);
    QFETCH(QString, line);
    const QString good = scenario(QStringLiteral("good.yaml"), kGoodScenario);
    for (QString& option : options) {
      if (option == "found.yaml") option = path(option);
    }
    const Run run = cli(QStringList{QStringLiteral("explore"), good} + options);
    EXPECT_ONE_LINE(run, 2, line);
    QVERIFY(run.out.isEmpty());
    QCOMPARE(strayFiles({"good.yaml"}), QStringList{});
  }

  void exploreRefusesToWriteOverItsLesson() {
    const QString good = scenario(QStringLiteral("good.yaml"), kGoodScenario);
    const Run run = cli({QStringLiteral("explore"), good, QStringLiteral("--out"), good});
    EXPECT_ONE_LINE(run, 2, "lockscope-cli explore: --out " + good + " is the lesson itself");
    QCOMPARE(readAll(good), kGoodScenario);
  }

  // As a user meets it: a correct recipe within small bounds is exit 0; a pause of the holder
  // breaks it, exit 1, and the lesson written passes `check` (it expects what it shows).
  void exploreFindsWritesAndChecks() {
    const QString good = scenario(QStringLiteral("good.yaml"), kGoodScenario);
    const Run clean = cli({QStringLiteral("explore"), good, QStringLiteral("--faults"),
                           QStringLiteral("crash=1"), QStringLiteral("--runs"),
                           QStringLiteral("60")});
    QVERIFY2(clean.finished && clean.exitCode == 0, qPrintable(describe(clean)));
    QVERIFY2(clean.out.startsWith("no violation within the bounds: 60 runs of 60 at most"),
             clean.out.constData());
    const QString found = path(QStringLiteral("found.yaml"));
    const Run run = cli({QStringLiteral("explore"), good, QStringLiteral("--faults"),
                         QStringLiteral("pause=1"), QStringLiteral("--out"), found});
    QVERIFY2(run.finished && run.exitCode == 1 && run.err.isEmpty(), qPrintable(describe(run)));
    QVERIFY2(run.out.contains("found mutual_exclusion"), run.out.constData());
    QVERIFY2(run.out.contains("wrote " + found.toUtf8()), run.out.constData());
    const Run check = cli({QStringLiteral("check"), found});
    QVERIFY2(check.exitCode == 0 && check.out.endsWith("1 passed, 0 failed\n"),
             qPrintable(describe(check) + check.out));
  }

  // The shards of a sweep, merged, are the sweep; a bad range or shard is one line.
  void sweepShardsMergeIntoTheWholeSweep() {
    const QString lesson = QStringLiteral(LOCKSCOPE_SOURCE_DIR
                                          "/scenarios/zookeeper/lost-watch-race.yaml");
    const Run whole = cli(
        {QStringLiteral("sweep"), lesson, QStringLiteral("--seeds"), QStringLiteral("1:30")});
    QVERIFY2(whole.finished && whole.exitCode == 1, qPrintable(describe(whole)));
    QVERIFY2(whole.out.startsWith("{\"seed\":"), whole.out.constData());
    QStringList shards;
    for (const QString& shard : {QStringLiteral("1/2"), QStringLiteral("2/2")}) {
      const Run part = cli({QStringLiteral("sweep"), lesson, QStringLiteral("--seeds"),
                            QStringLiteral("1:30"), QStringLiteral("--shard"), shard});
      QVERIFY2(part.finished && part.exitCode <= 1, qPrintable(describe(part)));
      shards << path("shard-" + QString(shard).replace('/', '-') + ".jsonl");
      write(shards.last(), part.out);
    }
    const Run merged = cli(QStringList{QStringLiteral("sweep"), QStringLiteral("--merge")} +
                           shards);
    QCOMPARE(merged.out, whole.out);
    const Run unique = cli(QStringList{QStringLiteral("sweep"), QStringLiteral("--merge"),
                                       QStringLiteral("--unique")} +
                           shards);
    QVERIFY(unique.out.count('\n') < whole.out.count('\n'));

    EXPECT_ONE_LINE(
        cli({QStringLiteral("sweep"), lesson, QStringLiteral("--seeds"), QStringLiteral("9:1")}), 2,
        QStringLiteral("lockscope-cli sweep: --seeds: expected seeds as FIRST:LAST"));
    EXPECT_ONE_LINE(cli({QStringLiteral("sweep"), lesson, QStringLiteral("--seeds"),
                         QStringLiteral("1:9"), QStringLiteral("--shard"), QStringLiteral("3/2")}),
                    2, QStringLiteral("lockscope-cli sweep: --shard: expected a shard as K/N"));
    write(path(QStringLiteral("junk.jsonl")), "{\"seed\": 1}\nnot json\n");
    EXPECT_ONE_LINE(cli({QStringLiteral("sweep"), QStringLiteral("--merge"),
                         path(QStringLiteral("junk.jsonl"))}),
                    2,
                    "lockscope-cli sweep: " + path(QStringLiteral("junk.jsonl")) + ":1: expected");
  }

  // --- check ---

  // A missing path aborted everything with no summary; now it is one FAIL among the others.
  void checkKeepsGoingPastAMissingPath() {
    const QString good = scenario(QStringLiteral("good.yaml"), kGoodScenario);
    const Run run = cli({QStringLiteral("check"), path(QStringLiteral("missing.yaml")), good});
    EXPECT_ONE_LINE(
        run, 2,
        path(QStringLiteral("missing.yaml")) + QStringLiteral(": cannot open the scenario file"));
    QVERIFY2(run.out.contains("ok   " + good.toUtf8()), run.out.constData());
    QVERIFY2(run.out.endsWith("1 passed, 1 failed\n"), run.out.constData());
  }

  // An empty directory said "0 passed, 0 failed" and exit 0.
  void checkOfNothingIsBadInput() {
    QTemporaryDir empty;
    const Run run = cli({QStringLiteral("check"), empty.path()});
    EXPECT_ONE_LINE(run, 2, QStringLiteral("lockscope-cli check: no scenarios found"));
    QVERIFY(run.out.isEmpty());
  }

  // A file that crashed `run` (invalid UTF-8) is one failure; the good file still runs.
  void checkKeepsGoingPastAnInvalidFile() {
    const QString bad = scenario(QStringLiteral("a-bad.yaml"),
                                 "title: \"\xc0\xaf\"\nrecipe: zk-chained\nclients: 2\n");
    scenario(QStringLiteral("b-good.yaml"), kGoodScenario);
    const Run run = cli({QStringLiteral("check"), dir_.path()});
    EXPECT_ONE_LINE(run, 2, bad + QStringLiteral(":1:9: expected UTF-8 text"));
    QVERIFY2(run.out.endsWith("1 passed, 1 failed\n"), run.out.constData());
  }

  // A device given to check (/dev/zero) is refused in one line, never read until memory runs out.
  void checkRefusesADeviceAndGoesOn() {
    const QString good = scenario(QStringLiteral("good.yaml"), kGoodScenario);
    const Run run = cli({QStringLiteral("check"), QStringLiteral("/dev/zero"), good});
    EXPECT_ONE_LINE(run, 2, QStringLiteral("/dev/zero: not a regular file"));
    QVERIFY2(run.out.endsWith("1 passed, 1 failed\n"), run.out.constData());
  }

  void checkSummaryToAFullDiskFails() {
    const QString good = scenario(QStringLiteral("good.yaml"), kGoodScenario);
    const Run run = start({QStringLiteral(LOCKSCOPE_CLI_PATH),
                           {QStringLiteral("check"), good},
                           {},
                           QStringLiteral("/dev/full"),
                           0});
    EXPECT_ONE_LINE(
        run, 2,
        QStringLiteral("lockscope-cli: writing standard output failed: No space left on device"));
  }

  // --- shell ---

  // Binary junk, a lone quote and a 5 MB line: answered (zkCli's own exit code), never a signal or
  // a hang.
  void shellSurvivesJunk() {
    QByteArray junk;
    for (int i = 0; i < 200'000; ++i) junk += static_cast<char>((i * 7919) % 251);
    junk += "\nget \"\ncreate /a \"x\ncreate /" + QByteArray(5'000'000, 'a') + " x\nls /\nquit\n";
    const Run run = cli({QStringLiteral("shell")}, junk);
    QVERIFY2(run.finished && !run.crashed, qPrintable(describe(run)));
    QVERIFY2(run.out.endsWith(
                 ", zookeeper]\n\nWATCHER::\n\nWatchedEvent state:Closed type:None path:null\n"),
             run.out.right(200).constData());
  }

  // A malformed --live list (a port past 65535) waited 5 s and said "cannot reach", exit 3: it is
  // bad input, said at once.
  void shellMalformedLiveValueIsBadInput() {
    const Run run = cli(
        {QStringLiteral("shell"), QStringLiteral("--live"), QStringLiteral("127.0.0.1:99999")});
    EXPECT_ONE_LINE(run, 2, QStringLiteral("lockscope-cli shell: --live: "));
    QVERIFY2(run.err.contains("99999"), run.err.constData());
  }

  // The shell's answers written to a full disk were lost with exit 0.
  void shellOutputToAFullDiskFails() {
    // zkCli writes "Created /a" to stderr, so the failure is the last line rather than the only
    // one.
    expectFullDiskFailure(QStringLiteral("shell"), "create /a x\nls /\nquit\n");
  }

  // --- redis-shell ---

  // Binary junk, lone quotes and a 5 MB value: every line answered, never a signal or a hang.
  void redisShellSurvivesJunk() {
    QByteArray junk;
    for (int i = 0; i < 200'000; ++i) junk += static_cast<char>((i * 7919) % 251);
    junk += "\nget \"\nset a 'x\nset a " + QByteArray(5'000'000, 'a') + "\nstrlen a\nquit\nget a\n";
    const Run run = cli({QStringLiteral("redis-shell")}, junk);
    QVERIFY2(run.finished && !run.crashed && run.exitCode == 0, qPrintable(describe(run)));
    QVERIFY2(run.out.endsWith("Invalid argument(s)\nInvalid argument(s)\nOK\n(error) ERR unknown "
                              "command 'strlen', with args beginning with: 'a' \n"),
             run.out.right(200).constData());
  }

  // An address with nothing listening: one line naming it, exit 3, at once.
  void redisShellUnreachableServer() {
    const Run run = cli(
        {QStringLiteral("redis-shell"), QStringLiteral("--live"), QStringLiteral("127.0.0.1:1")},
        "ping\n");
    EXPECT_ONE_LINE(run, 3, QStringLiteral("Could not connect to Redis at 127.0.0.1:1: "));
  }

  void redisShellOutputToAFullDiskFails() {
    expectFullDiskFailure(QStringLiteral("redis-shell"), "set a b\nget a\n");
  }

  // --- the GUI's headless flags ---

  // `--at` without `--screenshot` opened an offscreen window that never closed.
  void guiAtWithoutScreenshotIsRefused() {
    const Run run = start({QStringLiteral(LOCKSCOPE_GUI_PATH),
                           {QStringLiteral("--at"), QStringLiteral("1s")},
                           {},
                           {},
                           0});
    EXPECT_ONE_LINE(run, 2, QStringLiteral("lockscope: --at: goes with --screenshot"));
  }

  // `--size 99999x99999` printed thousands of warning lines.
  void guiHugeSizeIsOneLine() {
    const Run run = start({QStringLiteral(LOCKSCOPE_GUI_PATH),
                           {QStringLiteral("--screenshot"), path(QStringLiteral("x.png")),
                            QStringLiteral("--size"), QStringLiteral("99999x99999")},
                           {},
                           {},
                           0});
    EXPECT_ONE_LINE(run, 2, QStringLiteral("lockscope: --size: at most 7680x4320"));
    QVERIFY(!QFile::exists(path(QStringLiteral("x.png"))));
  }

  // A scenario that crashed the CLI (invalid UTF-8) is one line from the GUI too.
  void guiRefusesInvalidUtf8() {
    const QString file = scenario(QStringLiteral("utf8.yaml"),
                                  "title: \"a\xff b\"\nrecipe: zk-chained\nclients: 2\n");
    const Run run = start({QStringLiteral(LOCKSCOPE_GUI_PATH),
                           {QStringLiteral("--scenario"), file, QStringLiteral("--screenshot"),
                            path(QStringLiteral("x.png"))},
                           {},
                           {},
                           0});
    EXPECT_ONE_LINE(
        run, 2,
        QStringLiteral("lockscope: ") + file + QStringLiteral(":1:10: expected UTF-8 text"));
  }

  // A screenshot that cannot be written said "cannot write" with no reason; on a full disk it
  // must also leave the earlier picture as it was.
  void guiScreenshotWriteFailureSaysWhyAndKeepsTheOldFile() {
    const QString file = scenario(QStringLiteral("good.yaml"), kGoodScenario);
    const QString picture = path(QStringLiteral("old.png"));
    write(picture, "an earlier picture");
    const Run run = start({QStringLiteral(LOCKSCOPE_GUI_PATH),
                           {QStringLiteral("--scenario"), file, QStringLiteral("--screenshot"),
                            picture, QStringLiteral("--size"), QStringLiteral("1100x700")},
                           {},
                           {},
                           4096});
    QVERIFY2(run.finished && !run.crashed && run.exitCode != 0, qPrintable(describe(run)));
    QVERIFY2(run.errLines().size() == 1, qPrintable(describe(run)));
    QVERIFY2(
        run.errLines().constFirst().startsWith(QStringLiteral("lockscope: ") + picture +
                                               QStringLiteral(": cannot write the screenshot: ")),
        qPrintable(describe(run)));
    QVERIFY2(
        run.errLines().constFirst().size() > (QStringLiteral("lockscope: ") + picture +
                                              QStringLiteral(": cannot write the screenshot: "))
                                                 .size(),
        "the reason is named");
    QCOMPARE(readAll(picture), QByteArray("an earlier picture"));
    QCOMPARE(strayFiles({QStringLiteral("good.yaml"), QStringLiteral("old.png")}), QStringList());
  }
};

QTEST_GUILESS_MAIN(CliRobustnessTest)
#include "tst_cli_robustness.moc"
