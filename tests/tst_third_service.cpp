// Goal (issue 15): a new service is one class implementing run::RunBackend and no edit to the
// run layer. The model and live services go through the same interface, so a lesson run on a
// backend the run layer has never heard of must name it in the report, pass its expectations, and
// have had its paths prepared and its faults injected by that backend.
//
// Method: a fake third backend, defined here and only here, that calls itself "fake" and serves
// ZooKeeper sessions from a ZooKeeper model of its own (backends/model, composed, not modified).
// It counts the run's calls and leaves a Note in the trace when it prepares the paths. A lesson
// with a fault (zookeeper/crash-holder.yaml) runs through run::runScenario on it.
#include <QTest>
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "backends/model/zookeeper_model_backend.h"
#include "sim/run/scenario_run.h"
#include "sim/trace/trace_sinks.h"
#include "support/lesson_files.h"

using namespace lockscope;

namespace {

// What the fake saw of the run; the test owns it, since the run destroys its backend at the end.
struct FakeCalls {
  int preparePaths = 0;
  std::vector<std::string> faults;  // each injected fault's kind, in order
};

class FakeBackend final : public run::RunBackend {
 public:
  FakeBackend(sim::World& world, const scenario::Scenario& scenario, FakeCalls& calls)
      : world_(world), service_(model::zookeeperModelBackend(scenario)(world)), calls_(calls) {}

  std::string name() const override { return "fake"; }
  clients::ServiceConnector& connector() override { return service_->connector(); }

  void preparePaths(const std::vector<std::string>& paths, int64_t sessionTimeoutMs) override {
    ++calls_.preparePaths;
    world_.record({.kind = sim::TraceKind::Note,
                   .actor = "world",
                   .detail = "fake: preparing " + std::to_string(paths.size()) + " lock path(s)"});
    service_->preparePaths(paths, sessionTimeoutMs);
  }

  void inject(const scenario::Fault& fault, clients::LockClient* client) override {
    calls_.faults.emplace_back(scenario::faultKindName(fault.kind));
    service_->inject(fault, client);
  }

  bool runUntil(const std::function<bool()>& done, sim::Micros deadline) override {
    return service_->runUntil(done, deadline);
  }

 private:
  sim::World& world_;
  std::unique_ptr<run::RunBackend> service_;  // where the sessions really come from
  FakeCalls& calls_;
};

}  // namespace

class ThirdServiceTest : public QObject {
  Q_OBJECT

 private slots:
  void aLessonRunsOnABackendTheRunLayerDoesNotKnow() {
    const scenario::Scenario lesson = testing::loadLesson("zookeeper/crash-holder.yaml");
    QVERIFY(!lesson.faults.empty());
    FakeCalls calls;
    sim::TraceRecorder trace;
    run::RunOptions options;
    options.sinks.push_back(&trace);
    options.backend = [&lesson, &calls](sim::World& world) -> std::unique_ptr<run::RunBackend> {
      return std::make_unique<FakeBackend>(world, lesson, calls);
    };

    const run::RunReport report = run::runScenario(lesson, options);

    QCOMPARE(report.backend, std::string("fake"));
    QVERIFY2(report.passed(),
             report.unmetExpectations.empty() ? "" : report.unmetExpectations.front().c_str());
    QCOMPARE(report.endReason, std::string("all clients done"));
    QCOMPARE(calls.preparePaths, 1);
    std::vector<std::string> scheduled;
    for (const scenario::Fault& fault : lesson.faults)
      scheduled.emplace_back(scenario::faultKindName(fault.kind));
    QCOMPARE(calls.faults, scheduled);
    const bool noted = std::any_of(
        trace.events().begin(), trace.events().end(), [](const sim::RecordedEvent& event) {
          return event.kind == sim::TraceKind::Note && event.detail.rfind("fake: ", 0) == 0;
        });
    QVERIFY2(noted, "the fake's Note from preparePaths is in the trace");
  }

  void aRunWithoutABackendIsRefused() {
    const scenario::Scenario lesson = testing::loadLesson("zookeeper/crash-holder.yaml");
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, run::runScenario(lesson, run::RunOptions{}));
  }
};

QTEST_GUILESS_MAIN(ThirdServiceTest)
#include "tst_third_service.moc"
