// Differential test: `lockscope-cli shell` (the model, and `--live` over a real server) against
// the real zkCli.sh of ZooKeeper 3.8.
//
// Goal: every script in tests/zkcli/ prints the same thing through both, apart from what
// docs/zkcli-format.md lists as normalized (ctime/mtime, session ids, the server address).
//
// Method: for each script, the shell runs first, then a fresh real server is started
// (tests/support/zk-server.sh) and the real zkCli runs against it. Both get the same protocol:
// commands are written one at a time, each followed by a `printwatches` command whose reply line
// ("printwatches is on") marks the end of the command's output. The real zkCli prints watch
// events from a second thread, so the harness waits until the marker *and* as many events as the
// shell printed for that command have arrived, then until stdout has been quiet for a moment;
// everything received up to then belongs to that command (a "segment"). stdout comes through a
// pipe, stderr through a file, so each segment knows which stream every line used; the order of
// lines between the two streams inside one segment is not compared (it is not observable here),
// and neither is where a watch event falls among a segment's other lines (a thread race in the
// real zkCli). Everything else is: the lines of each stream in order, and the events in order.
// Every wait is bounded; the server is stopped even when a check fails.

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <string>
#include <vector>

#include "app/cli/zk_shell_tokenizer.h"

namespace {

const QString kSourceDir = QStringLiteral(LOCKSCOPE_SOURCE_DIR);
const QString kShellProgram = QStringLiteral(LOCKSCOPE_CLI_PATH);
const QString kMarkerCommand = QStringLiteral("printwatches");
const QRegularExpression kMarkerLine(QStringLiteral("^printwatches is (on|off)$"));
const QString kClosedEvent = QStringLiteral("WatchedEvent state:Closed type:None path:null");

constexpr int kServerStartTimeoutMs = 120'000;  // zk-server.sh retries up to 3 x 30 s itself
constexpr int kSegmentTimeoutMs = 20'000;       // one command, including a JVM's first connect
constexpr int kRealQuietMs = 40;  // the real zkCli's event thread lags its main thread
constexpr int kShellQuietMs = 0;  // the shell prints everything before the marker
constexpr int kQuietBoundMs = 3'000;
constexpr int kExitTimeoutMs = 20'000;
// How long a segment waits for a Closed event the real zkCli may never print (mayLoseClosedEvent).
constexpr int kLosableEventGraceMs = 2'000;

struct ScriptCommand {
  int line = 0;  // 1-based line in the script file
  QString text;
};

// The output of one command (segment 0: the banner before the first command).
struct Segment {
  QStringList out;
  QStringList err;
};

struct Transcript {
  QList<Segment> segments;
  QByteArray rawOut;
  QByteArray rawErr;
  QString problem;  // empty when the run went as planned
};

QList<ScriptCommand> readScript(const QString& path) {
  QList<ScriptCommand> commands;
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) return commands;
  int lineNumber = 0;
  while (!file.atEnd()) {
    QString line = QString::fromUtf8(file.readLine());
    while (line.endsWith(QLatin1Char('\n')) || line.endsWith(QLatin1Char('\r'))) line.chop(1);
    ++lineNumber;
    // zkCli re-runs the previous command for a blank line, and treats "#" as a command: the test
    // keeps comments and blank lines out of both programs.
    if (line.trimmed().isEmpty() || line.trimmed().startsWith(QLatin1Char('#'))) continue;
    commands.append({lineNumber, line});
  }
  return commands;
}

QStringList scriptPaths() {
  const QDir dir(kSourceDir + QStringLiteral("/tests/zkcli"));
  QStringList paths;
  for (const QString& name : dir.entryList({QStringLiteral("*.zk")}, QDir::Files, QDir::Name))
    paths << dir.filePath(name);
  return paths;
}

int countLines(const QByteArray& text, const QRegularExpression& pattern) {
  int count = 0;
  for (const QByteArray& line : text.split('\n'))
    if (pattern.match(QString::fromUtf8(line)).hasMatch()) ++count;
  return count;
}

int countEvents(const QByteArray& text) {
  return countLines(text, QRegularExpression(QStringLiteral("^WatchedEvent ")));
}

int countClosedEvents(const QByteArray& text) {
  return countLines(
      text, QRegularExpression(QStringLiteral("^") + QRegularExpression::escape(kClosedEvent) +
                               QStringLiteral("$")));
}

// A `printwatches` command in the script prints a marker-looking line of its own. Whether a line
// is one is decided by zkCli's own tokenizer: `printwatches "` and `"printwatches"` are (the
// unmatched quote is skipped, the pair stripped), `printwatches ""` is not (it turns printing
// off). Comparing the text instead miscounted after a line holding a lone `"`, and every later
// segment was cut one marker early.
int markersFor(const QString& command) {
  const std::vector<std::string> words = lockscope::cli::tokenizeCommandLine(command.toStdString());
  return words.size() == 1 && words.front() == kMarkerCommand.toStdString() ? 2 : 1;
}

// The real zkCli closes a session and exits (`quit`), or closes it and opens another (`connect`
// with a session open), without waiting for its event thread: the "state:Closed" event of the
// old session is sometimes never printed. Only that event, only after those commands, and only
// its absence on the real side is tolerated; everything else is compared.

bool mayLoseClosedEvent(const QString& command) {
  const std::vector<std::string> words = lockscope::cli::tokenizeCommandLine(command.toStdString());
  return !words.empty() && (words.front() == "quit" || words.front() == "connect");
}

QStringList splitLines(const QByteArray& text) {
  QStringList lines = QString::fromUtf8(text).split(QLatin1Char('\n'));
  if (!lines.isEmpty() && lines.last().isEmpty()) lines.removeLast();
  return lines;
}

QByteArray readFrom(const QString& path, qint64 offset) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  file.seek(offset);
  return file.readAll();
}

// How many watch events a segment should hold: all of them, and of those the Closed events the
// real zkCli may lose (see mayLoseClosedEvent), which are waited for only kLosableEventGraceMs.
struct EventCount {
  int all = 0;
  int losable = 0;
};

// Feeds `commands` to a freshly started `process` with the marker protocol described at the top.
// `expectedEvents[k]`, when given, is how many watch events segment k should contain.
Transcript runPaced(QProcess& process, const QString& stderrPath,
                    const QList<ScriptCommand>& commands, const QList<EventCount>& expectedEvents,
                    int quietMs) {
  Transcript transcript;
  if (!process.waitForStarted(10'000)) {
    transcript.problem =
        QStringLiteral("could not start %1: %2").arg(process.program(), process.errorString());
    return transcript;
  }
  int markersExpected = 0;
  qsizetype outConsumed = 0;
  qint64 errConsumed = 0;
  for (int k = 0; k <= commands.size(); ++k) {
    const bool exited = process.state() == QProcess::NotRunning;
    if (!exited) {
      QByteArray input;
      if (k > 0) input += commands[k - 1].text.toUtf8() + '\n';
      input += kMarkerCommand.toUtf8() + '\n';
      markersExpected += k > 0 ? markersFor(commands[k - 1].text) : 1;
      process.write(input);
      process.waitForBytesWritten(1'000);
    }
    const EventCount eventsWanted = k < expectedEvents.size() ? expectedEvents[k] : EventCount{};
    QElapsedTimer timer;
    timer.start();
    auto segmentComplete = [&] {
      const QByteArray segment = transcript.rawOut.mid(outConsumed);
      if (countLines(transcript.rawOut, kMarkerLine) < markersExpected) return false;
      const int closed = countClosedEvents(segment);
      const int others = countEvents(segment) - closed;
      if (others < eventsWanted.all - eventsWanted.losable) return false;
      // Every other event is in: the losable Closed events get a grace period, not the full bound.
      return others + closed >= eventsWanted.all || timer.elapsed() >= kLosableEventGraceMs;
    };
    while (!segmentComplete() && process.state() != QProcess::NotRunning &&
           timer.elapsed() < kSegmentTimeoutMs) {
      process.waitForReadyRead(100);
      transcript.rawOut += process.readAllStandardOutput();
    }
    if (process.state() != QProcess::NotRunning &&
        countLines(transcript.rawOut, kMarkerLine) < markersExpected) {
      // The program stopped answering (missing events alone are left for the comparison).
      transcript.problem = QStringLiteral("%1 printed no marker for segment %2 within %3 ms")
                               .arg(process.program())
                               .arg(k)
                               .arg(kSegmentTimeoutMs);
      process.kill();
      process.waitForFinished(5'000);
    }
    // Quiet period: late lines from the real zkCli's event thread still belong to this command.
    QElapsedTimer quiet;
    quiet.start();
    timer.restart();
    while (quietMs > 0 && quiet.elapsed() < quietMs && timer.elapsed() < kQuietBoundMs &&
           process.state() != QProcess::NotRunning) {
      process.waitForReadyRead(5);
      const QByteArray more = process.readAllStandardOutput();
      if (!more.isEmpty()) quiet.restart();
      transcript.rawOut += more;
    }
    if (process.state() == QProcess::NotRunning || k == commands.size()) {
      // quit or end of input: collect whatever the process prints on its way out.
      process.closeWriteChannel();
      // (waitForFinished() is false for a process that had already finished.)
      if (process.state() != QProcess::NotRunning && !process.waitForFinished(kExitTimeoutMs)) {
        process.kill();
        process.waitForFinished(5'000);
        transcript.problem = QStringLiteral("%1 did not exit within %2 ms after its input ended")
                                 .arg(process.program())
                                 .arg(kExitTimeoutMs);
      }
      transcript.rawOut += process.readAllStandardOutput();
    }
    // Cut at the last complete line.
    const qsizetype cut = transcript.rawOut.lastIndexOf('\n') + 1;
    const QByteArray errText = readFrom(stderrPath, errConsumed);
    errConsumed += errText.size();
    transcript.rawErr += errText;
    transcript.segments.append(
        {splitLines(transcript.rawOut.mid(outConsumed, cut - outConsumed)), splitLines(errText)});
    outConsumed = std::max(outConsumed, cut);
    if (process.state() == QProcess::NotRunning) break;
  }
  if (transcript.problem.isEmpty() && process.exitStatus() == QProcess::CrashExit)
    transcript.problem = process.program() + QStringLiteral(" crashed");
  return transcript;
}

// What the comparison sees of one segment: each stream's lines in order, then the watch events.
struct NormalizedSegment {
  QStringList out;
  QStringList err;
  QStringList events;
};

class Normalizer {
 public:
  NormalizedSegment normalize(const Segment& segment) {
    NormalizedSegment result;
    QStringList out = segment.out;
    // The event thread prints "\nWATCHER::" and "\nWatchedEvent ..." with one println each, so
    // each comes with the blank line before it.
    QStringList kept;
    for (int i = 0; i < out.size(); ++i) {
      const bool blank = out[i].isEmpty() && i + 1 < out.size();
      if (blank && out[i + 1] == QStringLiteral("WATCHER::")) {
        ++i;
      } else if (blank && out[i + 1].startsWith(QStringLiteral("WatchedEvent "))) {
        result.events << out[++i];
      } else {
        kept << out[i];
      }
    }
    // Drop the marker's reply and what it printed after it ("Not connected" when closed).
    int markerIndex = -1;
    for (int i = 0; i < kept.size(); ++i)
      if (kMarkerLine.match(kept[i]).hasMatch()) markerIndex = i;
    if (markerIndex >= 0) kept = kept.mid(0, markerIndex);
    for (const QString& line : kept) result.out << normalizeLine(line);
    for (const QString& line : segment.err)
      if (!line.startsWith(QStringLiteral("SLF4J: "))) result.err << normalizeLine(line);
    return result;
  }

 private:
  QString normalizeLine(const QString& line) {
    static const QRegularExpression time(QStringLiteral(
        "^([cm]time) = [A-Z][a-z]{2} [A-Z][a-z]{2} \\d{2} \\d{2}:\\d{2}:\\d{2} \\S+ \\d{4}$"));
    static const QRegularExpression owner(QStringLiteral("^ephemeralOwner = (0x[0-9a-f]+)$"));
    static const QRegularExpression connecting(QStringLiteral("^Connecting to \\S+$"));
    // The date Debian built its zookeeper package: another build of 3.8.0 prints another one.
    static const QRegularExpression version(QStringLiteral(
        "^(ZooKeeper CLI version: \\S+, built on) \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC$"));
    if (const auto match = time.match(line); match.hasMatch())
      return match.captured(1) + QStringLiteral(" = <time>");
    if (const auto match = owner.match(line); match.hasMatch() && match.captured(1) != "0x0") {
      // Session ids differ between runs; which node belongs to which session must not.
      const QString id = match.captured(1);
      if (!sessions_.contains(id)) sessions_.insert(id, sessions_.size() + 1);
      return QStringLiteral("ephemeralOwner = <session %1>").arg(sessions_.value(id));
    }
    if (connecting.match(line).hasMatch()) return QStringLiteral("Connecting to <server>");
    if (const auto match = version.match(line); match.hasMatch())
      return match.captured(1) + QStringLiteral(" <build date>");
    return line;
  }

  QMap<QString, int> sessions_;
};

// One line per fact, each prefixed with the command that produced it, for a readable diff.
QStringList canonical(const Transcript& transcript, const QList<ScriptCommand>& commands) {
  QStringList lines;
  Normalizer normalizer;
  for (int k = 0; k < transcript.segments.size(); ++k) {
    const NormalizedSegment segment = normalizer.normalize(transcript.segments[k]);
    const QString header =
        k == 0
            ? QStringLiteral("[start]")
            : QStringLiteral("[line %1: %2]").arg(commands[k - 1].line).arg(commands[k - 1].text);
    lines << header;
    for (const QString& line : segment.out) lines << QStringLiteral("  out: ") + line;
    for (const QString& line : segment.err) lines << QStringLiteral("  err: ") + line;
    // After `connect` (or `quit`) the old handle's event thread and the new one's race: the real
    // zkCli prints the old session's Closed before or after the new session's SyncConnected
    // (seen both ways on a loaded machine). Its Closed event is listed first on both sides.
    QStringList events = segment.events;
    if (k > 0 && k <= commands.size() && mayLoseClosedEvent(commands[k - 1].text)) {
      std::stable_partition(events.begin(), events.end(),
                            [](const QString& event) { return event == kClosedEvent; });
    }
    for (const QString& line : events) lines << QStringLiteral("  event: ") + line;
  }
  if (!transcript.problem.isEmpty()) lines << QStringLiteral("[problem] ") + transcript.problem;
  return lines;
}

// The one place `shell --live` cannot match zkCli: libzookeeper_mt's zookeeper_close() tears the
// handle down without delivering the watch events the server sends while it closes the session
// (its own ephemerals' deletions), which the Java client prints. Those events are left out of
// the live comparison, for `close` commands only.
QStringList withoutCloseEvents(const QStringList& lines) {
  QStringList kept;
  bool inClose = false;
  for (const QString& line : lines) {
    if (line.startsWith(QLatin1Char('['))) inClose = line.endsWith(QStringLiteral(": close]"));
    if (inClose && line.startsWith(QStringLiteral("  event: "))) continue;
    kept << line;
  }
  return kept;
}

// libzookeeper_mt 3.8 has no persistent watches (no addWatch request) and `shell --live`
// answers addWatch and removewatches with Unimplemented (docs/zkcli-format.md). In a script that
// uses them, their own segments and every node event are left out of the live comparison;
// everything else (zxids, data, messages, session events) is still compared.
bool isPersistentWatchCommand(const QString& header) {
  const qsizetype colon = header.indexOf(QStringLiteral(": "));
  if (!header.startsWith(QStringLiteral("[line ")) || colon < 0) return false;
  const QString text = header.mid(colon + 2).chopped(1);
  const std::vector<std::string> words = lockscope::cli::tokenizeCommandLine(text.toStdString());
  return !words.empty() && (words.front() == "addWatch" || words.front() == "removewatches");
}

QStringList withoutPersistentWatchLines(const QStringList& lines) {
  if (std::none_of(lines.begin(), lines.end(), isPersistentWatchCommand)) return lines;
  const QString nodeEvent = QStringLiteral("  event: WatchedEvent state:SyncConnected type:");
  QStringList kept;
  bool inCommand = false;
  for (const QString& line : lines) {
    if (line.startsWith(QLatin1Char('['))) {
      inCommand = isPersistentWatchCommand(line);
      kept << line;
    } else if (!inCommand &&
               !(line.startsWith(nodeEvent) && !line.contains(QStringLiteral("type:None ")))) {
      kept << line;
    }
  }
  return kept;
}

// `sessionEventsOnly`: count only the `type:None` events, for a live run of a script whose node
// events `shell --live` cannot print (withoutPersistentWatchLines): waiting for them would cost
// every such segment the full kSegmentTimeoutMs.
QList<EventCount> eventCounts(const Transcript& transcript, const QList<ScriptCommand>& commands,
                              bool sessionEventsOnly = false) {
  QList<EventCount> counts;
  Normalizer normalizer;
  for (int k = 0; k < transcript.segments.size(); ++k) {
    QStringList events = normalizer.normalize(transcript.segments[k]).events;
    if (sessionEventsOnly)
      events = events.filter(QRegularExpression(QStringLiteral(" type:None ")));
    const bool losable = k > 0 && k <= commands.size() && mayLoseClosedEvent(commands[k - 1].text);
    counts << EventCount{int(events.size()), losable ? int(events.count(kClosedEvent)) : 0};
  }
  return counts;
}

// canonical() output cut into segments, each starting with its "[...]" header.
QList<QStringList> segmentsOf(const QStringList& lines) {
  QList<QStringList> segments;
  for (const QString& line : lines) {
    if (line.startsWith(QLatin1Char('[')) || segments.isEmpty()) segments.append(QStringList());
    segments.last() << line;
  }
  return segments;
}

// `actual` without the Closed events that `expected` (the real zkCli) lost where it may lose
// them: in the segment of a quit or a connect, as many as the real one has fewer. When the two
// do not have the same segments, nothing is dropped (the comparison then reports that).
QStringList withoutClosedEventsLostByRealZkCli(const QStringList& expected,
                                               const QStringList& actual,
                                               const QList<ScriptCommand>& commands) {
  const QString eventLine = QStringLiteral("  event: ") + kClosedEvent;
  const QList<QStringList> real = segmentsOf(expected);
  QList<QStringList> shell = segmentsOf(actual);
  for (int k = 1; k < shell.size() && k < real.size() && k <= commands.size(); ++k) {
    if (shell[k].constFirst() != real[k].constFirst() || !mayLoseClosedEvent(commands[k - 1].text))
      continue;
    for (qsizetype lost = shell[k].count(eventLine) - real[k].count(eventLine); lost > 0; --lost)
      shell[k].removeOne(eventLine);
  }
  QStringList kept;
  for (const QStringList& segment : shell) kept << segment;
  return kept;
}

QString dumpDir() {
  const QString fromEnvironment = qEnvironmentVariable("LOCKSCOPE_ZKCLI_DUMP_DIR");
  const QString dir = fromEnvironment.isEmpty()
                          ? QDir::current().filePath(QStringLiteral("zkcli-transcripts"))
                          : fromEnvironment;
  QDir().mkpath(dir);
  return dir;
}

void writeFile(const QString& path, const QByteArray& content) {
  QFile file(path);
  if (file.open(QIODevice::WriteOnly | QIODevice::Truncate)) file.write(content);
}

// A real server for the lifetime of this object; stopped in the destructor, whatever happened.
class RealServer {
 public:
  explicit RealServer(const QString& dir) : dir_(dir) {}
  ~RealServer() {
    if (started_) run({QStringLiteral("stop"), dir_}, 30'000);
  }
  // The client port, or an error text.
  bool start(QString& portOrError) {
    QString output;
    const bool ok = run({QStringLiteral("start"), dir_}, kServerStartTimeoutMs, &output);
    started_ = true;  // even a failed start may have left a pid file behind
    portOrError = output.trimmed();
    return ok && !portOrError.isEmpty();
  }

 private:
  bool run(const QStringList& arguments, int timeoutMs, QString* output = nullptr) {
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    // A run killed by a timeout never reaches the destructor's stop: the script's watcher then
    // kills the server once this process is gone, so no JVM outlives the test.
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("ZK_STOP_WITH_PID"),
                       QString::number(QCoreApplication::applicationPid()));
    process.setProcessEnvironment(environment);
    process.start(
        QStringLiteral("bash"),
        QStringList{kSourceDir + QStringLiteral("/tests/support/zk-server.sh")} + arguments);
    const bool finished = process.waitForFinished(timeoutMs);
    if (!finished) {
      process.kill();
      process.waitForFinished(5'000);
    }
    if (output) *output = QString::fromUtf8(process.readAll());
    return finished && process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
  }

  QString dir_;
  bool started_ = false;
};

QString realZkCli() {
  const QString fromEnvironment = qEnvironmentVariable("ZKCLI");
  return fromEnvironment.isEmpty() ? QStringLiteral("/usr/share/zookeeper/bin/zkCli.sh")
                                   : fromEnvironment;
}

// zkCli.sh puts only zookeeper.jar on the class path, so SLF4J prints six warnings about its
// missing binding; the no-op binding silences them (and every client log line with them).
QProcessEnvironment realZkCliEnvironment() {
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  const QString nop = QStringLiteral("/usr/share/java/slf4j-nop.jar");
  if (QFile::exists(nop))
    environment.insert(
        QStringLiteral("CLIENT_JVMFLAGS"),
        QStringLiteral("-cp /etc/zookeeper/conf:/usr/share/java/zookeeper.jar:") + nop);
  return environment;
}

QString firstDifference(const QStringList& expected, const QStringList& actual,
                        const QString& scriptName) {
  const qsizetype common = std::min(expected.size(), actual.size());
  qsizetype index = 0;
  while (index < common && expected[index] == actual[index]) ++index;
  if (index == common && expected.size() == actual.size()) return {};
  // The command the first difference belongs to: the last header at or before it.
  QString command;
  for (qsizetype i = index; i >= 0 && command.isEmpty(); --i) {
    const QStringList& source = i < expected.size() ? expected : actual;
    if (i < source.size() && source[i].startsWith(QLatin1Char('['))) command = source[i];
  }
  auto at = [](const QStringList& lines, qsizetype i) {
    return i < lines.size() ? lines[i] : QStringLiteral("<nothing>");
  };
  return QStringLiteral(
             "%1: first difference at canonical line %2, in %3\n"
             "  real zkCli:      %4\n"
             "  lockscope shell: %5\n"
             "transcripts: %6/%1.{real,shell}.{out,err,canonical}")
      .arg(scriptName)
      .arg(index + 1)
      .arg(command, at(expected, index), at(actual, index), dumpDir());
}

}  // namespace

class ZkCliDifferentialTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY2(QFile::exists(realZkCli()),
             qPrintable(realZkCli() + " not found: install Debian's zookeeper package"));
    QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("java")).isEmpty(),
             "java not found: install a JRE (Debian's zookeeper package pulls one in)");
    QVERIFY2(QFile::exists(kShellProgram), qPrintable(kShellProgram + " not built"));
  }

  // The issue asks for at least five scripts and 80 commands; the suite keeps more.
  void scriptsAreSubstantial() {
    const QStringList paths = scriptPaths();
    int commands = 0;
    for (const QString& path : paths) commands += int(readScript(path).size());
    QVERIFY2(paths.size() >= 6, qPrintable(QStringLiteral("%1 scripts").arg(paths.size())));
    QVERIFY2(commands >= 100, qPrintable(QStringLiteral("%1 commands").arg(commands)));
  }

  // The harness itself (issue 13: it failed 2 of 7 scripts under load). A line is a marker
  // command when zkCli's tokenizer says so, not when its text is exactly "printwatches".
  void markersAreCountedAsZkCliTokenizes() {
    QCOMPARE(markersFor(QStringLiteral("printwatches")), 2);
    QCOMPARE(markersFor(QStringLiteral("printwatches \"")), 2);
    QCOMPARE(markersFor(QStringLiteral("\"printwatches\"")), 2);
    QCOMPARE(markersFor(QStringLiteral("printwatches \"\"")), 1);  // two words: turns printing off
    QCOMPARE(markersFor(QStringLiteral("get \"")), 1);
  }

  // The real zkCli may lose the Closed event at quit or connect; only there, only that event, and
  // only when the real side lacks it is the shell's copy dropped.
  void onlyAClosedEventLostByTheRealZkCliIsTolerated() {
    const QList<ScriptCommand> commands = {
        {1, QStringLiteral("ls /")}, {2, QStringLiteral("connect")}, {3, QStringLiteral("quit")}};
    const QString closed = QStringLiteral("  event: ") + kClosedEvent;
    const QString other = QStringLiteral(
        "  event: WatchedEvent state:SyncConnected type:None path:null");
    const QStringList shell = {QStringLiteral("[start]"),
                               QStringLiteral("[line 1: ls /]"),
                               closed,
                               QStringLiteral("[line 2: connect]"),
                               closed,
                               other,
                               QStringLiteral("[line 3: quit]"),
                               closed};
    // The real zkCli lost both losable Closed events: both are dropped from the shell's side.
    const QStringList realLost = {QStringLiteral("[start]"),
                                  QStringLiteral("[line 1: ls /]"),
                                  closed,
                                  QStringLiteral("[line 2: connect]"),
                                  other,
                                  QStringLiteral("[line 3: quit]")};
    QCOMPARE(withoutClosedEventsLostByRealZkCli(realLost, shell, commands), realLost);
    // After `ls /` the event is not losable: a real side without it stays a difference.
    const QStringList realLostAfterLs = {QStringLiteral("[start]"),
                                         QStringLiteral("[line 1: ls /]"),
                                         QStringLiteral("[line 2: connect]"),
                                         closed,
                                         other,
                                         QStringLiteral("[line 3: quit]"),
                                         closed};
    QCOMPARE(withoutClosedEventsLostByRealZkCli(realLostAfterLs, shell, commands), shell);
    // A shell that fails to print the Closed event is still caught: nothing is added to it.
    QStringList shellWithout = shell;
    shellWithout.removeLast();
    QCOMPARE(withoutClosedEventsLostByRealZkCli(shell, shellWithout, commands), shellWithout);
    // Other events are never dropped.
    const QStringList realWithoutOther = {QStringLiteral("[start]"),
                                          QStringLiteral("[line 1: ls /]"),
                                          closed,
                                          QStringLiteral("[line 2: connect]"),
                                          closed,
                                          QStringLiteral("[line 3: quit]"),
                                          closed};
    QCOMPARE(withoutClosedEventsLostByRealZkCli(realWithoutOther, shell, commands), shell);
  }

  void shellMatchesRealZkCli_data() {
    QTest::addColumn<QString>("scriptPath");
    for (const QString& path : scriptPaths())
      QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
  }

  void shellMatchesRealZkCli() {
    QFETCH(QString, scriptPath);
    const QString scriptName = QFileInfo(scriptPath).fileName();
    const QList<ScriptCommand> commands = readScript(scriptPath);
    QVERIFY2(!commands.isEmpty(), qPrintable(scriptPath + " has no commands"));
    QTemporaryDir workDir;
    QVERIFY(workDir.isValid());
    const QString dump = dumpDir() + QLatin1Char('/') + scriptName;

    // The shell first: its event counts tell the harness how long to wait for the real events.
    QProcess shell;
    const QString shellErr = workDir.filePath(QStringLiteral("shell.err"));
    shell.setStandardErrorFile(shellErr);
    shell.start(kShellProgram, {QStringLiteral("shell")});
    const Transcript shellRun = runPaced(shell, shellErr, commands, {}, kShellQuietMs);
    writeFile(dump + QStringLiteral(".shell.out"), shellRun.rawOut);
    writeFile(dump + QStringLiteral(".shell.err"), shellRun.rawErr);

    RealServer server(workDir.filePath(QStringLiteral("server")));
    QString port;
    QVERIFY2(server.start(port), qPrintable(QStringLiteral("zk-server.sh start: ") + port));
    QProcess real;
    const QString realErr = workDir.filePath(QStringLiteral("real.err"));
    real.setStandardErrorFile(realErr);
    real.setProcessEnvironment(realZkCliEnvironment());
    real.start(realZkCli(), {QStringLiteral("-server"), QStringLiteral("127.0.0.1:") + port});
    const Transcript realRun = runPaced(real, realErr, commands, eventCounts(shellRun, commands),
                                        kRealQuietMs);
    writeFile(dump + QStringLiteral(".real.out"), realRun.rawOut);
    writeFile(dump + QStringLiteral(".real.err"), realRun.rawErr);

    const QStringList expected = canonical(realRun, commands);
    const QStringList actual = canonical(shellRun, commands);
    writeFile(dump + QStringLiteral(".real.canonical"), expected.join('\n').toUtf8() + '\n');
    writeFile(dump + QStringLiteral(".shell.canonical"), actual.join('\n').toUtf8() + '\n');
    QVERIFY2(realRun.problem.isEmpty(), qPrintable(realRun.problem));
    const QString difference = firstDifference(
        expected, withoutClosedEventsLostByRealZkCli(expected, actual, commands), scriptName);
    QVERIFY2(difference.isEmpty(), qPrintable(difference));

    // The shell once more, over a fresh real server instead of the model (`shell --live`).
    RealServer liveServer(workDir.filePath(QStringLiteral("live-server")));
    QString livePort;
    QVERIFY2(liveServer.start(livePort),
             qPrintable(QStringLiteral("zk-server.sh start: ") + livePort));
    QProcess live;
    const QString liveErr = workDir.filePath(QStringLiteral("live.err"));
    live.setStandardErrorFile(liveErr);
    live.start(kShellProgram, {QStringLiteral("shell"), QStringLiteral("--live"),
                               QStringLiteral("127.0.0.1:") + livePort});
    const bool usesPersistentWatches = std::any_of(
        commands.begin(), commands.end(), [](const ScriptCommand& command) {
          return isPersistentWatchCommand(QStringLiteral("[line 0: %1]").arg(command.text));
        });
    const Transcript liveRun = runPaced(live, liveErr, commands,
                                        eventCounts(shellRun, commands, usesPersistentWatches),
                                        kRealQuietMs);
    writeFile(dump + QStringLiteral(".live.out"), liveRun.rawOut);
    writeFile(dump + QStringLiteral(".live.err"), liveRun.rawErr);
    const QStringList liveActual = canonical(liveRun, commands);
    writeFile(dump + QStringLiteral(".live.canonical"), liveActual.join('\n').toUtf8() + '\n');
    QVERIFY2(liveRun.problem.isEmpty(), qPrintable(liveRun.problem));
    const QString liveDifference = firstDifference(
        withoutPersistentWatchLines(withoutCloseEvents(expected)),
        withoutPersistentWatchLines(
            withoutCloseEvents(withoutClosedEventsLostByRealZkCli(expected, liveActual, commands))),
        scriptName + " (live)");
    QVERIFY2(liveDifference.isEmpty(), qPrintable(liveDifference));
  }
};

QTEST_GUILESS_MAIN(ZkCliDifferentialTest)
#include "tst_zkcli_differential.moc"
