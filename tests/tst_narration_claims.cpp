// Goal: a lesson whose picture contradicts its narration cannot pass `lockscope-cli check`
// (issue 11): every `shows:` claim of a narration step is held to the run at that step's moment,
// a false one fails the scenario with "FILE:LINE: at T ms the narration claims K: V, the run has
// W" and exit code 1 (as any unmet expectation), a true one passes, a step narrated after the end
// the GUI plays to fails, and a live-only lesson is skipped on the model with a note.
//
// Method: small scenarios (a crashed holder, whose run is known from crash-holder.yaml) written
// to a temporary directory and checked by the real `lockscope-cli` through QProcess.
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run {
  int exitCode = -1;
  QString out, err;
};

Run cli(const QStringList& arguments) {
  QProcess process;
  process.start(QStringLiteral(LOCKSCOPE_CLI_PATH), arguments);
  Run run;
  if (!process.waitForFinished(60'000)) {
    process.kill();
    process.waitForFinished();
    return run;
  }
  run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
  run.out = QString::fromUtf8(process.readAllStandardOutput());
  run.err = QString::fromUtf8(process.readAllStandardError());
  return run;
}

// c1 holds, crashes at 100 ms, and its node holds the lock until its session expires (~2.2 s).
const char* kCrashedHolder =
    "title: a crashed holder\n"
    "recipe: zk-chained\n"
    "seed: 3\n"
    "clients: 3\n"
    "hold_ms: 300\n"
    "session_timeout_ms: 2000\n"
    "faults:\n"
    "  - {at: 100ms, crash: c1}\n"
    "narration:\n"
    "  - at: 500ms\n"
    "    text: c1 is dead, its node still holds the lock\n";

}  // namespace

class NarrationClaimsTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QVERIFY(directory_.isValid()); }

  void aTrueClaimPasses() {
    const QString file = write(
        "true.yaml",
        "    shows: {holders: 1, holder: c1, state: {c1: crashed}, waiting: [c2, c3], watching: "
        "[c2, c3],\n"
        "            node_absent: /lock/x, violations: 0, acquisitions: '>= 1'}\n");
    const Run run = cli({QStringLiteral("check"), file});
    QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
    QVERIFY2(run.out.endsWith(QLatin1String("1 passed, 0 failed\n")), qPrintable(run.out));
  }

  void aFalseClaimFailsTheScenarioAtItsLine() {
    const QString file = write("false.yaml", "    shows: {state: {c1: crashed}, waiting: [c2]}\n");
    const Run check = cli({QStringLiteral("check"), file});
    QCOMPARE(check.exitCode, 1);
    QVERIFY2(
        check.out.contains(
            file + QStringLiteral(
                       ":12: at 500 ms the narration claims waiting: [c2], the run has [c2, c3]")),
        qPrintable(check.out));
    QVERIFY2(check.out.endsWith(QLatin1String("0 passed, 1 failed\n")), qPrintable(check.out));
    // `run` judges the same way: exit 1 and the command that reproduces it.
    const Run run = cli({QStringLiteral("run"), file});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QLatin1String("reproduce with: lockscope-cli run ")),
             qPrintable(run.err));
  }

  void aClaimAboutAClientTheRunLacksFails() {
    const QString file = write("missing.yaml", "    shows: {state: {c7: waiting}}\n");
    const Run check = cli({QStringLiteral("check"), file});
    QCOMPARE(check.exitCode, 1);
    QVERIFY2(check.out.contains(QLatin1String(
                 "the narration claims state: {c7: waiting}, the run has no client c7")),
             qPrintable(check.out));
  }

  void aStepNarratedAfterTheRunFails() {
    // The run is over by about 2.8 s; a step at 30 s would never be played to.
    const QString file = write("late.yaml",
                               "    shows: {waiting: [c2, c3]}\n  - at: 30s\n    text: too late\n"
                               "    shows: {holders: 0}\n");
    const Run check = cli({QStringLiteral("check"), file});
    QCOMPARE(check.exitCode, 1);
    QVERIFY2(check.out.contains(QLatin1String(
                 "at 30000 ms the narration speaks, but the run is shown only until")),
             qPrintable(check.out));
  }

  void liveOnlyLessonsAreSkippedOnTheModel() {
    QFile file(directory_.filePath(QStringLiteral("live.yaml")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray("live_only: an ensemble's election\n") + kCrashedHolder);
    file.close();
    const Run check = cli({QStringLiteral("check"), file.fileName()});
    QCOMPARE(check.exitCode, 0);
    QVERIFY2(check.out.contains(QLatin1String("skip ") + file.fileName() +
                                QLatin1String(": live only (an ensemble's election)")),
             qPrintable(check.out));
    QVERIFY2(check.out.endsWith(QLatin1String("0 passed, 0 failed, 1 skipped (live only)\n")),
             qPrintable(check.out));
  }

 private:
  QString write(const char* name, const char* shows) {
    QFile file(directory_.filePath(QLatin1String(name)));
    if (!file.open(QIODevice::WriteOnly)) return {};
    file.write(kCrashedHolder);
    file.write(shows);
    return file.fileName();
  }

  QTemporaryDir directory_;
};

QTEST_GUILESS_MAIN(NarrationClaimsTest)
#include "tst_narration_claims.moc"
