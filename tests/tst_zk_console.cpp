// Goal: the GUI's zkCli console prints exactly what `lockscope-cli shell` prints for the same
// lines, byte for byte - command output, "Created ...", WATCHER:: events fired by a later command,
// errors and the unknown-command usage - and every command's trace events reach the stage as a
// run that grows: a `connect` is a second client, an ephemeral sequential node is on the stage
// with its owner, a watch is armed until a delete fires it.
//
// Method: one script (every kind of line above), the lesson script
// scenarios/zookeeper-shell/lock-by-hand.zk and the differential test's scripts (tests/zkcli/)
// run three ways: through the CLI binary (stdout and stderr apart), through runModelZkShell - the
// CLI's own code - on streams in memory (apart, to match the binary, and merged into one, as a
// terminal shows them), and typed line by line into a ShellConsole (zkCli's, as in a ZooKeeper
// lesson). The console's output must equal the merged text; the runs it hands to the stage are
// folded into stage states and read.
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <sstream>

#include "app/cli/zk_shell_model.h"
#include "support/console_run.h"

using lockscope::gui::RunTimeline;
using lockscope::testing::ConsoleRun;
using lockscope::testing::fileText;
using lockscope::testing::Printed;

namespace {

const char* const kScript =
    "create /lock\n"
    "create -e -s /lock/x-\n"
    "create -e -s /lock/x-\n"
    "ls -w /lock\n"
    "get -s /lock/x-0000000000\n"
    "get -w /lock/x-0000000001\n"
    "set /lock/x-0000000001 holder\n"
    "stat /lock/x-0000000001\n"
    "delete /lock/x-0000000000\n"
    "delete /missing\n"
    "set -v 7 /lock/x-0000000001 stale\n"
    "frobnicate /lock\n"
    "connect model:2181\n"
    "create -e -s /lock/x-\n"
    "ls -s /lock\n";

Printed throughTheCliCode(const std::string& script) {
  std::ostringstream out, err, merged;
  std::istringstream apart(script), together(script);
  lockscope::cli::runModelZkShell(apart, out, err, 1);
  lockscope::cli::runModelZkShell(together, merged, merged, 1);
  return {out.str(), err.str(), merged.str()};
}

}  // namespace

class ZkConsoleTest : public QObject {
  Q_OBJECT

 private slots:
  void theConsolePrintsWhatTheShellPrints_data() {
    QTest::addColumn<QString>("script");
    QTest::newRow("every kind of line") << QString::fromLatin1(kScript);
    QTest::newRow("lock-by-hand.zk") << QString::fromStdString(fileText(
        QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/zookeeper-shell/lock-by-hand.zk")));
    // The differential test's scripts, which hold the CLI to a real zkCli.sh.
    lockscope::testing::addScriptRows(QStringLiteral(LOCKSCOPE_SOURCE_DIR "/tests/zkcli"),
                                      QStringLiteral("*.zk"), 10);
  }
  void theConsolePrintsWhatTheShellPrints() {
    QFETCH(QString, script);
    const std::string text = script.toStdString();
    QVERIFY(text.size() > 100);
    const Printed code = throughTheCliCode(text);
    const Printed binary = lockscope::testing::throughTheCliBinary(QStringLiteral("shell"), text);
    // The reference is the CLI's: the binary prints what its code prints on each stream.
    QCOMPARE(binary.out, code.out);
    QCOMPARE(binary.err, code.err);
    ConsoleRun run(text);
    QCOMPARE(run.console.output(), code.merged);
  }

  void theScriptPrintsWhatItTeaches() {
    const Printed code = throughTheCliCode(kScript);
    for (const char* expected :
         {"Created /lock/x-0000000000\n",
          "WATCHER::\n\nWatchedEvent state:SyncConnected "
          "type:NodeChildrenChanged path:/lock\n",
          "type:NodeDataChanged path:/lock/x-0000000001\n", "Node does not exist: /missing\n",
          "version No is not valid : /lock/x-0000000001\n",
          "Command not found: Command not "
          "found frobnicate\n",
          "Created /lock/x-0000000002\n", "dataLength = 6\n"}) {
      QVERIFY2(code.merged.find(expected) != std::string::npos, expected);
    }
  }

  void theStageSeesEveryCommand() {
    ConsoleRun run(kScript);
    // The first run is the banner's session; then one per line.
    QCOMPARE(run.shown.size(), size_t{16});
    const RunTimeline& afterCreate = *run.shown[2];  // after `create -e -s /lock/x-`
    const auto stage = afterCreate.stageAfter(afterCreate.trace().size());
    QCOMPARE(afterCreate.cast().names(), std::vector<std::string>{"zkCli-1"});
    QVERIFY(stage.znodes().count("/lock/x-0000000000"));
    QCOMPARE(stage.znodes().at("/lock/x-0000000000").owner, 0);
    QVERIFY(stage.znodes().at("/lock/x-0000000000").ephemeral);
    // `ls -w /lock` armed a children watch, `get -w` a data watch; `set` fired the one, the
    // delete the other (watches are one-shot).
    auto watchesAfterLine = [&](size_t line) {
      const RunTimeline& after = *run.shown[line];
      return after.stageAfter(after.trace().size()).watches().size();
    };
    QCOMPARE(watchesAfterLine(3), size_t{0});
    QCOMPARE(watchesAfterLine(4), size_t{1});
    QCOMPARE(watchesAfterLine(6), size_t{2});
    QCOMPARE(watchesAfterLine(7), size_t{1});
    QCOMPARE(watchesAfterLine(9), size_t{0});
    const RunTimeline& last = *run.shown.back();
    const auto end = last.stageAfter(last.trace().size());
    // `connect` is a second client on the stage, and its node is its own.
    QCOMPARE(last.cast().names(), (std::vector<std::string>{"zkCli-1", "zkCli-2"}));
    QVERIFY(!end.znodes().count("/lock/x-0000000000"));
    QCOMPARE(end.znodes().at("/lock/x-0000000002").owner, 1);
    // The old session was closed by `connect`: its ephemeral node went with it.
    QVERIFY(!end.znodes().count("/lock/x-0000000001"));
    // The narration panel says what the console is, from the start, in both languages.
    QCOMPARE(last.report().narration.size(), size_t{1});
    QCOMPARE(last.report().narration[0].time, 0);
    QVERIFY(!last.report().narration[0].text.zh.empty());
    // Each run is the one before and more: the stage plays on from where it was.
    for (size_t index = 1; index < run.shown.size(); ++index) {
      QVERIFY(run.shown[index]->trace().size() >= run.shown[index - 1]->trace().size());
    }
  }

  // `lockscope --console SCRIPT`: a file typed line by line, whatever its line endings.
  void aScriptFileIsTypedAsTheShellReadsIt() {
    QTemporaryDir folder;
    const QString crlf = folder.filePath(QStringLiteral("crlf.zk"));
    QFile file(crlf);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray(kScript).replace("\n", "\r\n"));
    file.close();
    ConsoleRun run("");
    QVERIFY(run.console.executeFile(crlf));
    QCOMPARE(run.console.output(), throughTheCliCode(kScript).merged);
    QVERIFY(!run.console.executeFile(folder.filePath(QStringLiteral("missing.zk"))));
  }

  void theTranscriptShowsThePromptAndTheHistoryIsKept() {
    ConsoleRun run("create /a\nls /\n");
    QVERIFY(run.console.transcript().startsWith(QStringLiteral("Connecting to model:2181\n")));
    QVERIFY2(run.console.transcript().contains(
                 QStringLiteral("[zk: model:2181(CONNECTED) 0] create /a\nCreated /a\n")),
             qPrintable(run.console.transcript()));
    QCOMPARE(run.console.prompt(), QStringLiteral("[zk: model:2181(CONNECTED) 2] "));
    QCOMPARE(run.console.historyCount(), 2);
    QCOMPARE(run.console.historyEntry(0), QStringLiteral("create /a"));
    // `quit` ends the shell; the next line starts an empty ZooKeeper, as a new zkCli would.
    run.console.execute(QStringLiteral("quit"));
    run.console.execute(QStringLiteral("ls /"));
    QVERIFY2(run.console.transcript().endsWith(QStringLiteral("ls /\n[zookeeper]\n")),
             qPrintable(run.console.transcript()));
  }
};

QTEST_GUILESS_MAIN(ZkConsoleTest)
#include "tst_zk_console.moc"
