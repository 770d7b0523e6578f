// Goal: every Redis lock recipe, run by the lock clients against the Redis model, gives the lock
// to one client at a time when nothing goes wrong, and does what makes it that recipe: the
// expiry as a second command, reentrant hold counts, increasing fencing tokens, watchdog
// renewals, Redlock's majority over five masters. Runs are reproducible from their seed.
// Method: scenarios written inline, run by sim/run, judged by the checkers; recipe-specific facts
// are read from the recorded trace.
#include <QtTest>

#include "sim/run/scenario_run.h"
#include "sim/scenario/scenario_loader.h"
#include "sim/trace/trace_sinks.h"
#include "support/model_run.h"

using namespace lockscope;

namespace {

struct Outcome {
  run::RunReport report;
  std::vector<sim::RecordedEvent> events;
};

Outcome runText(const std::string& yaml) {
  const auto loaded = scenario::loadScenarioText(yaml, "inline.yaml");
  if (!loaded.scenario) qFatal("%s", loaded.error.c_str());
  sim::TraceRecorder recorder;
  Outcome outcome{testing::runOnModel(*loaded.scenario, {&recorder}), {}};
  outcome.events = recorder.events();
  return outcome;
}

std::string contention(const std::string& recipe, const std::string& extra = "") {
  return "title: t\nbackend: redis\nrecipe: " + recipe +
         "\nrecipe_parameters: {ttl_ms: 2000, retry_delay_ms: 20}\nclients: 4\nrounds: 3\n"
         "hold_ms: 30\nthink_ms: 10\nseed: 7\n" +
         extra;
}

int count(const Outcome& outcome, sim::TraceKind kind, sim::TraceOp op) {
  int n = 0;
  for (const auto& event : outcome.events) n += event.kind == kind && event.op == op ? 1 : 0;
  return n;
}

}  // namespace

class RedisRecipesTest : public QObject {
  Q_OBJECT

 private slots:
  void oneHolderAtATimeWithoutFaults_data() {
    QTest::addColumn<QString>("recipe");
    QTest::addColumn<QString>("extra");
    for (const char* recipe : {"redis-setnx", "redis-setnx-expire", "redis-unsafe-del",
                               "redis-lock", "redis-reentrant", "redis-watchdog", "redis-fenced"}) {
      QTest::newRow(recipe) << recipe << "";
    }
    QTest::newRow("redlock") << "redlock"
                             << "redis: {instances: 5}\n";
  }

  void oneHolderAtATimeWithoutFaults() {
    QFETCH(QString, recipe);
    QFETCH(QString, extra);
    const Outcome outcome = runText(contention(recipe.toStdString(), extra.toStdString()));
    const auto& verdict = outcome.report.verdict;
    QVERIFY2(verdict.violations.empty(),
             verdict.violations.empty() ? "" : verdict.violations[0].detail.c_str());
    QCOMPARE(verdict.metrics.at("acquisitions"), 12.0);
    QCOMPARE(verdict.metrics.at("lost_updates"), 0.0);
    QCOMPARE(outcome.report.endReason, std::string("all clients done"));
  }

  void runsAreReproducible() {
    const std::string yaml = contention("redlock", "redis: {instances: 5}\n");
    QCOMPARE(runText(yaml).report.traceSha256, runText(yaml).report.traceSha256);
    QVERIFY(runText(yaml).report.traceSha256 !=
            runText(yaml + "network: {latency_ms: [1, 9]}\n").report.traceSha256);
  }

  void setnxExpireSetsTheTtlWithASecondCommand() {
    const Outcome outcome = runText(contention("redis-setnx-expire"));
    QCOMPARE(count(outcome, sim::TraceKind::Request, sim::RedisOp::PExpire), 12);
    QCOMPARE(count(outcome, sim::TraceKind::KeyChanged, sim::KeyChangedOp::PExpire), 12);
  }

  void reentrantAcquiresNestAndReleaseByCount() {
    const Outcome outcome = runText(
        contention("redis-reentrant", "plan: [acquire, acquire, read, write, release, release]\n"));
    QVERIFY(outcome.report.verdict.violations.empty());
    QCOMPARE(outcome.report.verdict.metrics.at("acquisitions"), 24.0);
    int countOfTwo = 0;
    for (const auto& event : outcome.events) {
      if (event.op == sim::KeyChangedOp::HIncrBy && event.value.find("=2") != std::string::npos) {
        ++countOfTwo;
      }
    }
    QCOMPARE(countOfTwo, 12);  // each round's second acquire
  }

  void fencedTokensIncreaseWithEveryGrant() {
    const Outcome outcome = runText(contention("redis-fenced", "fenced: true\n"));
    std::vector<int64_t> tokens;
    for (const auto& event : outcome.events) {
      if (event.op == sim::LockOp::Acquired) tokens.push_back(event.request);
    }
    QCOMPARE(tokens.size(), size_t{12});
    for (size_t i = 0; i < tokens.size(); ++i) QCOMPARE(tokens[i], int64_t(i + 1));
    QCOMPARE(outcome.report.verdict.metrics.at("rejected_writes"), 0.0);
  }

  void watchdogRenewsALongHold() {
    const Outcome outcome = runText(
        "title: t\nbackend: redis\nrecipe: redis-watchdog\nrecipe_parameters: {ttl_ms: 300}\n"
        "clients: 2\nhold_ms: 1000\n");
    QVERIFY(outcome.report.verdict.violations.empty());
    // 1000 ms / (300 / 3) ms per renewal, for each of the two holders.
    QVERIFY(count(outcome, sim::TraceKind::Request, sim::RedisOp::CompareAndExtend) >= 18);
  }

  // Redlock measures elapsed time on the client's own clock: one running at half speed sees a
  // 120 ms acquisition as 60 ms and takes a lock whose 100 ms TTL had already run out.
  void redlockTrustsTheClientClock() {
    const std::string yaml =
        "title: t\nbackend: redis\nrecipe: redlock\nrecipe_parameters: {ttl_ms: 100, retries: 0}\n"
        "network: {latency_ms: 60}\nclients: 1\nredis: {instances: 5, request_timeout_ms: 500";
    QCOMPARE(runText(yaml + "}\n").report.verdict.metrics.at("acquisitions"), 0.0);
    const Outcome slow = runText(yaml + ", client_clocks: {c1: {drift_ppm: -500000}}}\n");
    QCOMPARE(slow.report.verdict.metrics.at("acquisitions"), 1.0);
  }

  void redlockNeedsAMajority() {
    const Outcome outcome = runText(
        "title: t\nbackend: redis\nrecipe: redlock\nrecipe_parameters: {retries: 1}\n"
        "redis: {instances: 3, request_timeout_ms: 50}\nclients: 1\n"
        "faults: [{at: 0ms, kill_instance: redis-2}, {at: 0ms, kill_instance: redis-3}]\n");
    QCOMPARE(outcome.report.verdict.metrics.at("acquisitions"), 0.0);
    QCOMPARE(outcome.report.verdict.metrics.at("failures"), 1.0);
    // Each failed attempt unlocked everywhere, the dead instances included.
    QCOMPARE(count(outcome, sim::TraceKind::Request, sim::RedisOp::CompareAndDelete), 6);
  }

  // No lock, the counter in Redis: with WATCH every EXEC that lost the race answers nil and is
  // retried, so all 12 increments land and none is lost; without it (GET, then SET) concurrent
  // writers overwrite each other. The counter ends at what the writes say.
  void watchTurnsLostUpdatesIntoRetries() {
    const Outcome watched = runText(contention("redis-optimistic"));
    const auto& metrics = watched.report.verdict.metrics;
    QVERIFY(watched.report.verdict.violations.empty());
    QCOMPARE(metrics.at("resource_writes"), 12.0);
    QCOMPARE(metrics.at("lost_updates"), 0.0);
    QVERIFY(metrics.at("rejected_writes") >= 1.0);
    QCOMPARE(count(watched, sim::TraceKind::Reply, sim::RedisOp::Exec),
             12 + static_cast<int>(metrics.at("rejected_writes")));
    std::string last;
    for (const auto& event : watched.events) {
      if (event.kind == sim::TraceKind::KeyChanged && event.path == "counter") last = event.value;
    }
    QCOMPARE(last, std::string("12"));

    const Outcome blind = runText(contention("redis-blind-update"));
    QVERIFY(blind.report.verdict.metrics.at("lost_updates") >= 1.0);
    QCOMPARE(count(blind, sim::TraceKind::Request, sim::RedisOp::Watch), 0);
    QCOMPARE(blind.report.verdict.violations.at(0).kind, std::string("lost_update"));
  }
};

QTEST_GUILESS_MAIN(RedisRecipesTest)
#include "tst_redis_recipes.moc"
