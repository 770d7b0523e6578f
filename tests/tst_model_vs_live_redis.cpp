// Differential test: the same Redis lesson on the model and on real redis-servers must tell the
// same story.
//
// Goal: for every Redis lesson that runs live (support/live_redis_lessons.h), the model and the
// live servers agree on who acquired the lock (and in which order, where the lesson fixes it), on
// every checker's violations (kind and clients, in order), on the unmet expectations (none: the
// model run passes) and on why the run ended.
//
// Method: each lesson runs in-process twice through run::runScenario: on the model, then with
// live::redis::liveRedisBackend against the servers of the redis_servers fixture (emptied by the
// backend first). A trace sink collects the acquisitions. Live runs are real time, bounded by
// each lesson's own max time.

#include <QTest>

#include "backends/live/redis/live_redis_backend.h"
#include "sim/run/scenario_run.h"
#include "sim/scenario/scenario_loader.h"
#include "support/live_redis_lessons.h"
#include "support/live_redis_servers.h"

namespace {

using lockscope::run::RunOptions;
using lockscope::run::RunReport;

class AcquisitionCollector final : public lockscope::sim::TraceSink {
 public:
  void onEvent(const lockscope::sim::TraceEvent& event) override {
    if (event.kind == lockscope::sim::TraceKind::Lock && event.op == "acquired") {
      acquisitions << QString::fromUtf8(event.actor.data(), qsizetype(event.actor.size()));
    }
  }
  QStringList acquisitions;  // client names, in order
};

struct Outcome {
  QStringList acquisitions;
  QStringList violations;  // kind and clients, in order
  QStringList unmet;
  QString endReason;
};

Outcome runOnce(const lockscope::scenario::Scenario& scenario, const QString& liveServers) {
  AcquisitionCollector collector;
  RunOptions options;
  options.sinks.push_back(&collector);
  if (!liveServers.isEmpty()) {
    options.backend = lockscope::live::redis::liveRedisBackend(
        {.servers = liveServers.toStdString(), .requestTimeoutMs = scenario.redis.requestTimeoutMs});
  }
  const RunReport report = lockscope::run::runScenario(scenario, options);
  Outcome outcome{collector.acquisitions, {}, {}, QString::fromStdString(report.endReason)};
  for (const auto& violation : report.verdict.violations) {
    QStringList clients;
    for (const std::string& client : violation.clients) clients << QString::fromStdString(client);
    outcome.violations << QString::fromStdString(violation.kind) + " [" + clients.join(',') + "]";
  }
  for (const std::string& line : report.unmetExpectations) outcome.unmet << QString::fromStdString(line);
  return outcome;
}

}  // namespace

class ModelVsLiveRedisTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY2(lockscope::testing::liveRedisServers().split(',').size() == 5,
             "no live Redis servers: run through ctest (the redis_servers fixture starts five)");
  }

  void lessonAgrees_data() {
    QTest::addColumn<QString>("lesson");
    QTest::addColumn<int>("instances");
    for (const auto& [name, instances] : lockscope::testing::liveRedisLessons()) {
      QTest::newRow(name) << QString::fromLatin1(name) << instances;
    }
  }

  void lessonAgrees() {
    QFETCH(QString, lesson);
    QFETCH(int, instances);
    const std::string path = LOCKSCOPE_SOURCE_DIR "/scenarios/redis/" + lesson.toStdString() + ".yaml";
    const auto loaded = lockscope::scenario::loadScenarioFile(path, {});
    QVERIFY2(loaded.scenario, loaded.error.c_str());
    const Outcome model = runOnce(*loaded.scenario, {});
    const Outcome live = runOnce(*loaded.scenario, lockscope::testing::liveRedisServers(instances));
    QVERIFY2(model.unmet.isEmpty(), "the lesson fails on the model");
    // Waiters that retry at the same moments race for the key: who wins is up to the servers'
    // timing (and the model's seeded retry delays), not the lesson. split-vote starts five
    // clients at once; in two-down c2 and c3 both retry while c1 holds.
    static const QStringList raced = {QStringLiteral("redlock-split-vote"),
                                      QStringLiteral("redlock-two-down")};
    QStringList liveAcquisitions = live.acquisitions;
    QStringList modelAcquisitions = model.acquisitions;
    if (raced.contains(lesson)) {
      liveAcquisitions.sort();
      modelAcquisitions.sort();
    }
    QCOMPARE(liveAcquisitions, modelAcquisitions);
    QCOMPARE(live.violations.join(QStringLiteral(" | ")), model.violations.join(QStringLiteral(" | ")));
    QCOMPARE(live.unmet, model.unmet);
    QCOMPARE(live.endReason, model.endReason);
  }
};

QTEST_GUILESS_MAIN(ModelVsLiveRedisTest)
#include "tst_model_vs_live_redis.moc"
