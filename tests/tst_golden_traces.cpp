// Goal: catch unintended changes of behaviour. A few lessons' trace hashes are pinned in
// tests/golden/trace-sha256.txt; any change to the model, a recipe or the engine that changes
// what happens in them changes the hash. Each lesson also runs twice to show the run is
// reproducible within one process.
// Method: load each pinned scenario, run it, compare the SHA-256 of its JSON Lines trace.
// After an intended change, regenerate with LOCKSCOPE_UPDATE_GOLDEN=1 and review the diff.
#include <QFile>
#include <QTest>
#include <QTextStream>

#include "sim/scenario/scenario_loader.h"
#include "support/model_run.h"

namespace {

const QString kGoldenFile = QStringLiteral(LOCKSCOPE_SOURCE_DIR "/tests/golden/trace-sha256.txt");

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
