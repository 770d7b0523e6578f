// Differential test: the same Redis lesson on the model and on real redis-servers must tell the
// same story.
//
// Goal: for every Redis lesson that runs live (support/live_redis_lessons.h), the model and the
// live servers agree on who acquired the lock and in which order, on every checker's violations
// (kind and clients, in order), on the unmet expectations (none: the model run passes) and on why
// the run ended. Where the lesson leaves the order of waiters to a race (see `raced` below), only
// the set of acquisitions and the kinds of violations must agree.
//
// Method: each lesson runs in-process twice through run::runScenario, its backend chosen by
// backends::backendFor as the CLI chooses it: on the model, then live against the servers of the
// redis_servers fixture (emptied by the backend first). A trace sink collects the acquisitions.
// Live runs are real time, bounded by each lesson's own max time.

#include <QRegularExpression>
#include <QTest>

#include "backends/backend_for.h"
#include "sim/run/scenario_run.h"
#include "sim/scenario/scenario_loader.h"
#include "support/live_redis_lessons.h"
#include "support/live_redis_servers.h"
#include "support/run_outcome.h"

namespace {

using lockscope::run::RunOptions;
using lockscope::run::RunReport;

class AcquisitionCollector final : public lockscope::sim::TraceSink {
 public:
  void onEvent(const lockscope::sim::TraceEvent& event) override {
    if (event.op == lockscope::sim::LockOp::Acquired) {
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
  // The backend as `lockscope-cli run [--live redis=...]` chooses it: no servers, the model. The
  // control program comes from LOCKSCOPE_SERVER_CONTROL, which CTest sets to the fixture's.
  auto backend = lockscope::backends::backendFor(scenario, {.servers = liveServers.toStdString()});
  if (!backend) qFatal("%s", backend.message().c_str());
  RunOptions options{.sinks = {&collector}, .backend = std::move(*backend)};
  const RunReport report = lockscope::run::runScenario(scenario, options);
  return {collector.acquisitions, lockscope::testing::violationLines(report),
          lockscope::testing::unmetLines(report), QString::fromStdString(report.endReason)};
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
    const std::string path = LOCKSCOPE_SOURCE_DIR "/scenarios/redis/" + lesson.toStdString() +
                             ".yaml";
    const auto loaded = lockscope::scenario::loadScenarioFile(path, {});
    QVERIFY2(loaded.scenario, loaded.error.c_str());
    const Outcome model = runOnce(*loaded.scenario, {});
    const Outcome live = runOnce(*loaded.scenario, lockscope::testing::liveRedisServers(instances));
    QVERIFY2(model.unmet.isEmpty(), "the lesson fails on the model");
    // Where two waiters poll the same key every retry_delay_ms, the first poll after the key is
    // freed wins. Which one that is depends on how their polling phases drifted, which is by how
    // much each round trip stretched every period: 2-4 ms on the model, well under one live (plus
    // the timers' lateness on a loaded machine). So the lesson does not fix who comes next, only
    // that someone does and what goes wrong: for these, the acquisitions are compared as a set
    // and the violations by kind. split-vote starts five clients at once; in the others c2 and c3
    // both poll while c1 holds (or is crashed or paused).
    static const QStringList raced = {
        QStringLiteral("redlock-split-vote"), QStringLiteral("redlock-two-down"),
        QStringLiteral("crash-with-ttl"), QStringLiteral("unsafe-del")};
    QStringList liveAcquisitions = live.acquisitions;
    QStringList modelAcquisitions = model.acquisitions;
    QStringList liveViolations = live.violations;
    QStringList modelViolations = model.violations;
    if (raced.contains(lesson)) {
      liveAcquisitions.sort();
      modelAcquisitions.sort();
      static const QRegularExpression clients(QStringLiteral(" \\[.*\\]$"));
      liveViolations.replaceInStrings(clients, QString());
      modelViolations.replaceInStrings(clients, QString());
    }
    QCOMPARE(liveAcquisitions, modelAcquisitions);
    QCOMPARE(liveViolations.join(QStringLiteral(" | ")),
             modelViolations.join(QStringLiteral(" | ")));
    QCOMPARE(live.unmet, model.unmet);
    QCOMPARE(live.endReason, model.endReason);
  }
};

QTEST_GUILESS_MAIN(ModelVsLiveRedisTest)
#include "tst_model_vs_live_redis.moc"
