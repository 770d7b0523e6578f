// Goal: Record never loses a fault, whatever shape the scenario file has: a block list, an
// inline `faults: [...]` flow list, no `faults:` at all, or the whole file written as one flow
// mapping (yaml-cpp's and JSON's style). The file Record writes loads with the file's own faults
// and every clicked one, and replays to the very same run (same trace hash).
//
// Method: a real lesson (zookeeper/crash-holder: it has a fault of its own) rewritten in each
// shape into a temporary file, loaded by a SimulationController, a crash clicked at 40 ms, saved
// with saveRecording, then loaded again by a second controller and compared.
#include <yaml-cpp/yaml.h>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include "simulation_controller.h"

using lockscope::gui::SimulationController;

namespace {

QByteArray lessonText() {
  QFile file(QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/zookeeper/crash-holder.yaml"));
  return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The lesson as one flow mapping: `{title: ..., faults: [{at: ..., crash: c1}], ...}`.
QByteArray asFlowMapping(const QByteArray& text) {
  YAML::Node root = YAML::Load(text.toStdString());
  root.SetStyle(YAML::EmitterStyle::Flow);  // its children inherit the flow style
  YAML::Emitter out;
  out << root;
  return QByteArray(out.c_str()) + "\n";
}

// The lesson with its fault list written inline on one line.
QByteArray withInlineFaults(const QByteArray& text) {
  YAML::Node root = YAML::Load(text.toStdString());
  YAML::Node faults = root["faults"];
  faults.SetStyle(YAML::EmitterStyle::Flow);
  YAML::Emitter out;
  out << faults;
  QByteArray result;
  bool skipping = false;
  for (const QByteArray& line : text.split('\n')) {
    if (line.startsWith("faults:")) {
      result += "faults: " + QByteArray(out.c_str()) + "\n";
      skipping = true;
      continue;
    }
    if (skipping && (line.startsWith(' ') || line.startsWith('-'))) continue;
    skipping = false;
    result += line + "\n";
  }
  return result;
}

}  // namespace

class RecordKeepsFaultsTest : public QObject {
  Q_OBJECT

 private slots:
  void everyFaultIsKept_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("flowListBefore");
    const QByteArray lesson = lessonText();
    QVERIFY(lesson.contains("\nfaults:\n"));
    QTest::newRow("block list") << lesson << false;
    QTest::newRow("inline flow list") << withInlineFaults(lesson) << true;
    QTest::newRow("one flow mapping") << asFlowMapping(lesson) << true;
  }
  void everyFaultIsKept() {
    QFETCH(QByteArray, text);
    QFETCH(bool, flowListBefore);
    QTemporaryDir dir;
    const QString source = dir.filePath(QStringLiteral("lesson.yaml"));
    QFile file(source);
    QVERIFY(file.open(QIODevice::WriteOnly) && file.write(text) == text.size());
    file.close();
    QCOMPARE(text.contains("faults: [") || text.startsWith('{'), flowListBefore);
    if (flowListBefore) QVERIFY(!text.contains("\nfaults:\n"));

    SimulationController simulation;
    QVERIFY2(simulation.session()->load(source), qPrintable(simulation.error()));
    const qsizetype fileFaults = YAML::Load(text.toStdString())["faults"].size();
    QVERIFY(fileFaults >= 1);
    simulation.playback()->seekTime(simulation.playback()->origin() + 40'000);
    QVERIFY(simulation.faults()->injectFault(QStringLiteral("crash"), QStringLiteral("c3")));
    const QString recorded = dir.filePath(QStringLiteral("recorded.yaml"));
    QVERIFY2(simulation.session()->saveRecording(recorded), qPrintable(simulation.error()));
    const std::string hash = simulation.timeline()->report().traceSha256;

    QFile written(recorded);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const YAML::Node faults = YAML::Load(written.readAll().toStdString())["faults"];
    QCOMPARE(static_cast<qsizetype>(faults.size()), fileFaults + 1);
    SimulationController replay;
    QVERIFY2(replay.session()->load(recorded), qPrintable(replay.error()));
    QCOMPARE(replay.timeline()->report().traceSha256, hash);
  }
};

QTEST_GUILESS_MAIN(RecordKeepsFaultsTest)
#include "tst_record_keeps_faults.moc"
