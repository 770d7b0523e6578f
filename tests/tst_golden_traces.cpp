// Goal: catch unintended changes of behaviour. A few lessons' trace hashes are pinned in
// tests/golden/trace-sha256.txt; any change to the model, a recipe or the engine that changes
// what happens in them changes the hash. Each lesson also runs twice to show the run is
// reproducible within one process. A hash says that something changed, not what: beside each
// one, tests/golden/reports/ keeps the lesson's narrated report as `lockscope-cli run` prints it
// (narration, figures, violations), so a failure shows the first lines that differ.
// Method: load each pinned scenario, run it, compare the SHA-256 of its JSON Lines trace; run
// the real CLI on it and compare its report with the pinned one, line by line.
// After an intended change, regenerate with LOCKSCOPE_UPDATE_GOLDEN=1 and review the diff.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTest>
#include <QTextStream>
#include <algorithm>

#include "sim/scenario/scenario_loader.h"
#include "support/model_run.h"

namespace {

const QString kGoldenFile = QStringLiteral(LOCKSCOPE_SOURCE_DIR "/tests/golden/trace-sha256.txt");

// scenarios/zookeeper/herd-naive.yaml -> tests/golden/reports/zookeeper/herd-naive.txt
QString reportFile(const QString& scenario) {
  QString inside = scenario;
  inside.remove(0, QStringLiteral("scenarios/").size());
  inside.chop(QStringLiteral(".yaml").size());
  return QStringLiteral(LOCKSCOPE_SOURCE_DIR "/tests/golden/reports/") + inside + ".txt";
}

QString cliReport(const QString& scenario) {
  QProcess cli;
  cli.setWorkingDirectory(QStringLiteral(LOCKSCOPE_SOURCE_DIR));
  cli.start(QStringLiteral(LOCKSCOPE_CLI_PATH), {QStringLiteral("run"), scenario});
  if (!cli.waitForFinished(120000)) return "lockscope-cli run " + scenario + " did not finish";
  return QString::fromUtf8(cli.readAllStandardOutput());
}

// The first line where the two reports part, with its neighbours: what a reader needs to see.
QString firstDifference(const QString& pinned, const QString& now) {
  const QStringList before = pinned.split('\n');
  const QStringList after = now.split('\n');
  qsizetype line = 0;
  while (line < before.size() && line < after.size() && before[line] == after[line]) ++line;
  QString shown = QString("first difference at line %1\n").arg(line + 1);
  for (qsizetype at = std::max<qsizetype>(0, line - 2); at < line + 3; ++at) {
    if (at < before.size()) shown += "  pinned: " + before[at] + "\n";
    if (at < after.size()) shown += "  now:    " + after[at] + "\n";
  }
  return shown;
}

std::string runHash(const QString& relativePath) {
  const std::string path = std::string(LOCKSCOPE_SOURCE_DIR "/") + relativePath.toStdString();
  const auto loaded = lockscope::scenario::loadScenarioFile(path);
  if (!loaded.scenario) return "load error: " + loaded.error;
  return lockscope::testing::runOnModel(*loaded.scenario).traceSha256;
}

}  // namespace

class GoldenTracesTest : public QObject {
  Q_OBJECT

 private slots:
  void pinnedLessonsKeepTheirTrace_data() {
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("pinned");
    QFile file(kGoldenFile);
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable("cannot read " + kGoldenFile));
    QTextStream lines(&file);
    while (!lines.atEnd()) {
      const QString line = lines.readLine().trimmed();
      if (line.isEmpty() || line.startsWith('#')) continue;
      const QStringList fields = line.split(' ', Qt::SkipEmptyParts);
      QCOMPARE(fields.size(), 2);
      QTest::newRow(qPrintable(fields[1])) << fields[1] << fields[0];
    }
  }

  void pinnedLessonsKeepTheirTrace() {
    QFETCH(QString, scenario);
    QFETCH(QString, pinned);
    const std::string first = runHash(scenario);
    QCOMPARE(runHash(scenario), first);  // reproducible
    if (qEnvironmentVariableIsSet("LOCKSCOPE_UPDATE_GOLDEN")) {
      updated_ << QString::fromStdString(first) + "  " + scenario;
      return;
    }
    QVERIFY2(first == pinned.toStdString(),
             qPrintable(scenario + ": trace changed (" + QString::fromStdString(first) +
                        "); if intended, rerun with LOCKSCOPE_UPDATE_GOLDEN=1"));
  }

  void pinnedLessonsKeepTheirReport_data() { pinnedLessonsKeepTheirTrace_data(); }

  void pinnedLessonsKeepTheirReport() {
    QFETCH(QString, scenario);
    const QString report = cliReport(scenario);
    QVERIFY2(report.contains("trace sha256"), qPrintable(scenario + ": no report: " + report));
    QFile file(reportFile(scenario));
    if (qEnvironmentVariableIsSet("LOCKSCOPE_UPDATE_GOLDEN")) {
      QVERIFY(QDir().mkpath(QFileInfo(file).path()));
      QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
      file.write(report.toUtf8());
      return;
    }
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable("cannot read " + file.fileName() +
                                                        "; rerun with LOCKSCOPE_UPDATE_GOLDEN=1"));
    const QString pinned = QString::fromUtf8(file.readAll());
    QVERIFY2(report == pinned,
             qPrintable(scenario + ": the report changed; " + firstDifference(pinned, report) +
                        "if intended, rerun with LOCKSCOPE_UPDATE_GOLDEN=1"));
  }

  void cleanupTestCase() {
    if (updated_.isEmpty()) return;
    QFile file(kGoldenFile);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QTextStream out(&file);
    out << "# SHA-256 of each lesson's JSON Lines trace (tests/tst_golden_traces.cpp).\n";
    for (const QString& line : updated_) out << line << "\n";
  }

 private:
  QStringList updated_;
};

QTEST_GUILESS_MAIN(GoldenTracesTest)
#include "tst_golden_traces.moc"
