// Differential test: `lockscope-cli redis-shell` (the model, and `--live` over a real server)
// against the real redis-cli of Redis 7.0, in its terminal format (`redis-cli --no-raw`).
//
// Goal: every script in tests/redis-cli/ prints the same thing through all three, line by line,
// on stdout and on stderr, with the same exit code.
//
// Method: a script's lines (comment lines, those starting with '#', left out: redis-cli would
// send them as commands) are piped into each program at once, as a user pipes a file into
// redis-cli; none of them prompts, since its input is no terminal. After each line the harness
// adds `ECHO lockscope:line:N`, whose reply marks where that line's output ends, so the first
// difference is reported with the script line (the command) that printed it. Before the real
// redis-cli and before the live shell, the fixture's first server (tests/support/redis-servers.sh)
// is emptied with FLUSHALL and SCRIPT FLUSH, so each run starts from the fresh server the model
// starts as.
//
// Normalised: what no two servers or runs share.
// - TIME's reply. A pair `1) "<seconds>"`, `2) "<microseconds>"` becomes `1) "<unix seconds>"`,
//   `2) "<microseconds>"` when the seconds are within a minute of this test's clock and the
//   microseconds below a million; otherwise the lines stay as they are and the comparison fails.
// - INFO's replication ID, forty hex digits a server draws when it starts: `master_replid:`
//   followed by exactly forty lower-case hex digits becomes `master_replid:<replid>` wherever it
//   stands in a line (INFO's own lines, or INFO's reply quoted by EXEC or a script).
//   master_replid2, forty zeros on a server that never changed roles, is compared as it is.
// Scripts avoid other timing-dependent lines: a TTL is read right after it is set, in whole
// seconds; PTTL only of keys without a TTL.

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

#include "support/live_redis_servers.h"

namespace {

const QString kSourceDir = QStringLiteral(LOCKSCOPE_SOURCE_DIR);
const QString kShellProgram = QStringLiteral(LOCKSCOPE_CLI_PATH);
constexpr int kRunTimeoutMs = 60'000;

struct Output {
  QStringList out;
  QStringList err;
  int exitCode = -1;
};

QStringList linesOf(const QByteArray& bytes) {
  QStringList lines = QString::fromLatin1(bytes).split('\n');
  if (!lines.isEmpty() && lines.last().isEmpty()) lines.removeLast();
  return lines;
}

// TIME's reply and INFO's replication ID, normalised as the header says.
QStringList normalised(QStringList lines) {
  static const QRegularExpression replid(QStringLiteral("master_replid:[0-9a-f]{40}(?![0-9a-f])"));
  lines.replaceInStrings(replid, QStringLiteral("master_replid:<replid>"));
  static const QRegularExpression seconds(QStringLiteral("^1\\) \"(\\d+)\"$"));
  static const QRegularExpression micros(QStringLiteral("^2\\) \"(\\d+)\"$"));
  const qint64 now = QDateTime::currentSecsSinceEpoch();
  for (qsizetype i = 0; i + 1 < lines.size(); ++i) {
    const auto first = seconds.match(lines[i]);
    const auto second = micros.match(lines[i + 1]);
    if (!first.hasMatch() || !second.hasMatch()) continue;
    if (qAbs(first.captured(1).toLongLong() - now) > 60) continue;
    if (second.captured(1).toLongLong() >= 1'000'000) continue;
    lines[i] = QStringLiteral("1) \"<unix seconds>\"");
    lines[i + 1] = QStringLiteral("2) \"<microseconds>\"");
  }
  return lines;
}

Output run(const QString& program, const QStringList& arguments, const QByteArray& input) {
  QProcess process;
  process.start(program, arguments);
  if (!process.waitForStarted(kRunTimeoutMs)) return {{}, {program + " did not start"}, -1};
  process.write(input);
  process.closeWriteChannel();
  if (!process.waitForFinished(kRunTimeoutMs)) {
    process.kill();
    process.waitForFinished();
    return {{}, {program + " did not finish within the bound"}, -1};
  }
  return {normalised(linesOf(process.readAllStandardOutput())),
          linesOf(process.readAllStandardError()), process.exitCode()};
}

// A marker command after each of the script's lines, `ECHO lockscope:line:N`: its reply line in
// every output says which output lines belong to line N, so a difference names its command.
const QString kMarkerPrefix = QStringLiteral("\"lockscope:line:");

// The script as the programs read it: comment lines left out, a marker after every other line.
// `commands`: the script's lines by number (1-based; comments empty).
QByteArray commandsOf(const QString& path, QStringList& commands) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  QByteArray input;
  QList<QByteArray> lines = file.readAll().split('\n');
  if (!lines.isEmpty() && lines.last().isEmpty()) lines.removeLast();
  commands << QString();
  for (qsizetype i = 0; i < lines.size(); ++i) {
    const bool comment = lines[i].trimmed().startsWith('#');
    commands << (comment ? QString() : QString::fromLatin1(lines[i]));
    if (comment) continue;
    input += lines[i] + "\nECHO lockscope:line:" + QByteArray::number(i + 1) + "\n";
  }
  return input;
}

// The script line whose output holds output line `index`: the one after the last marker before.
int scriptLineAt(const QStringList& output, qsizetype index, int firstLine) {
  for (qsizetype i = qMin(index, output.size()) - 1; i >= 0; --i) {
    if (output[i].startsWith(kMarkerPrefix)) {
      return output[i].mid(kMarkerPrefix.size()).chopped(1).toInt() + 1;
    }
  }
  return firstLine;
}

QString firstDifference(const QString& stream, const QStringList& expected,
                        const QStringList& actual, const QStringList& commands) {
  for (qsizetype i = 0; i < qMax(expected.size(), actual.size()); ++i) {
    const QString want = i < expected.size() ? expected[i] : QStringLiteral("<no line>");
    const QString got = i < actual.size() ? actual[i] : QStringLiteral("<no line>");
    if (want == got) continue;
    int line = scriptLineAt(expected, i, 1);
    // Comment lines have no marker: the command is the next line that is not one.
    while (line < commands.size() - 1 && commands[line].isEmpty()) ++line;
    return QStringLiteral(
               "%1 line %2, command at script line %3 [%4]: redis-cli printed [%5], "
               "the shell [%6]")
        .arg(stream)
        .arg(i + 1)
        .arg(line)
        .arg(line < commands.size() ? commands[line] : QString(), want, got);
  }
  return {};
}

}  // namespace

class TestRedisCliDifferential : public QObject {
  Q_OBJECT

 private:
  QString host_;
  QString port_;

  bool emptyServer() {
    for (const QStringList& command : {QStringList{"FLUSHALL"}, QStringList{"SCRIPT", "FLUSH"}}) {
      const Output output = run(QStringLiteral("redis-cli"),
                                QStringList{"-h", host_, "-p", port_} + command, {});
      if (output.exitCode != 0 || output.out != QStringList{"OK"}) return false;
    }
    return true;
  }

 private slots:
  void initTestCase() {
    const QString servers = lockscope::testing::liveRedisServers(1);
    if (servers.isEmpty()) QSKIP("the redis_servers fixture did not start servers");
    host_ = servers.section(':', 0, 0);
    port_ = servers.section(':', 1, 1);
    if (QProcess::execute(QStringLiteral("redis-cli"), {QStringLiteral("--version")}) != 0)
      QSKIP("redis-cli is not installed");
  }

  // After every script, even a failed one: the shared servers keep no keys of ours
  // (live_leaves_nothing checks).
  void cleanup() {
    if (!host_.isEmpty()) QVERIFY(emptyServer());
  }

  void script_data() {
    QTest::addColumn<QString>("path");
    const QDir dir(kSourceDir + QStringLiteral("/tests/redis-cli"));
    const QStringList names = dir.entryList({QStringLiteral("*.redis")}, QDir::Files, QDir::Name);
    QVERIFY2(names.size() >= 6, "tests/redis-cli/ holds the scripts");
    for (const QString& name : names) QTest::newRow(qPrintable(name)) << dir.filePath(name);
  }

  void script() {
    QFETCH(QString, path);
    QStringList commands;
    const QByteArray input = commandsOf(path, commands);
    QVERIFY2(!input.isEmpty(), qPrintable(path + " could not be read"));

    QVERIFY(emptyServer());
    const Output real = run(QStringLiteral("redis-cli"), {"--no-raw", "-h", host_, "-p", port_},
                            input);
    QCOMPARE(real.exitCode, 0);
    // Every line's marker at least: the real side must have run, or the comparison means little.
    QVERIFY2(real.out.size() >= input.count('\n') / 2, qPrintable(real.out.join('\n')));

    const Output model = run(kShellProgram, {QStringLiteral("redis-shell")}, input);
    QVERIFY(emptyServer());
    const Output live = run(
        kShellProgram,
        {QStringLiteral("redis-shell"), QStringLiteral("--live"), host_ + ':' + port_}, input);
    for (const auto& [name, shell] : {std::pair{"model", &model}, std::pair{"live", &live}}) {
      const QString script = QStringLiteral("%1 (%2): ").arg(QFileInfo(path).fileName(), name);
      const QString outDiff = firstDifference(QStringLiteral("stdout"), real.out, shell->out,
                                              commands);
      QVERIFY2(outDiff.isEmpty(), qPrintable(script + outDiff));
      const QString errDiff = firstDifference(QStringLiteral("stderr"), real.err, shell->err,
                                              commands);
      QVERIFY2(errDiff.isEmpty(), qPrintable(script + errDiff));
      QCOMPARE(shell->exitCode, real.exitCode);
    }
  }

  // A replication ID is forty hex digits; anything else after master_replid: stays.
  void replicationIdNormalisation() {
    const QString id = QStringLiteral("fe5fb1d771ce73e913193d40aae4fc6dbb7cd532");
    QCOMPARE(normalised({"master_replid:" + id + "\r"}),
             QStringList({QStringLiteral("master_replid:<replid>\r")}));
    QCOMPARE(
        normalised({"1) \"# Replication\\r\\nmaster_replid:" + id + "\\r\\n\""}),
        QStringList({QStringLiteral("1) \"# Replication\\r\\nmaster_replid:<replid>\\r\\n\"")}));
    const QStringList other = {"master_replid:" + id + "0", "master_replid2:" + id,
                               QStringLiteral("master_replid:0123")};
    QCOMPARE(normalised(other), other);
  }

  // The normalisation leaves a TIME reply alone when it is not near this test's clock.
  void timeNormalisationNeedsTheClock() {
    const QStringList far = {QStringLiteral("1) \"1000000000\""), QStringLiteral("2) \"5\"")};
    QCOMPARE(normalised(far), far);
    const QString now = QString::number(QDateTime::currentSecsSinceEpoch());
    QCOMPARE(normalised({"1) \"" + now + "\"", QStringLiteral("2) \"999999\"")}),
             QStringList({QStringLiteral("1) \"<unix seconds>\""),
                          QStringLiteral("2) \"<microseconds>\"")}));
  }
};

QTEST_GUILESS_MAIN(TestRedisCliDifferential)
#include "tst_redis_cli_differential.moc"
