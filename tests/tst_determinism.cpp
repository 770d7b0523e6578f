// Goal: same scenario + same seed => the same run, byte for byte; another seed => another run.
// This is the promise every replay, golden file and bug report rests on (design.md §3).
//
// Method: a non-trivial ZooKeeper workload — five clients taking turns on the ephemeral-sequential
// lock (create, list, watch the predecessor with exists, delete on release), one of them crashing
// while it holds the lock so that its session expires and its node is reaped — run with a
// TraceHasher attached. Two runs with one seed must give the same SHA-256 and event count; a run
// with another seed must give a different hash. The workload is checked to be non-trivial first.
// The model's headers come before Qt's: client_session.h declares a method named `emit`, which
// Qt defines as a macro.
#include "backends/model/zookeeper/zookeeper_model.h"
#include "sim/engine/world.h"
#include "sim/trace/trace_sinks.h"

#include <QTest>

#include <memory>
#include <string>
#include <vector>

namespace zk = lockscope::zookeeper;
namespace sim = lockscope::sim;

namespace {

constexpr int kContenders = 5;
constexpr int64_t kSessionTimeoutMs = 4'000;
const std::string kCrashingClient = "client-3";

struct RunSummary {
  bool lockCreated = false;
  bool crashed = false;
  std::string traceSha256;
  uint64_t traceEvents = 0;
  uint64_t engineEvents = 0;
  int acquisitions = 0;
  int acquisitionsAfterCrash = 0;
  int expiredSessions = 0;
  int nodesReapedByExpiry = 0;
};

// Counts the trace facts that show the workload did what it claims.
class WorkloadWitness final : public sim::TraceSink {
 public:
  void onEvent(const sim::TraceEvent& event) override {
    if (event.kind == sim::TraceKind::SessionState && event.actor == "server" &&
        event.op == sim::SessionOp::Expired) {
      ++expiredSessions;
    }
    if (event.kind == sim::TraceKind::NodeDeleted && event.detail == "expired")
      ++nodesReapedByExpiry;
  }
  int expiredSessions = 0;
  int nodesReapedByExpiry = 0;
};

// One client running the lock recipe in a loop: acquire, hold, release, think, again.
class Contender {
 public:
  Contender(sim::World& world, zk::model::ZooKeeperModel& model, std::string name,
            RunSummary& summary)
      : world_(world),
        model_(model),
        name_(std::move(name)),
        summary_(summary),
        client_(model.connect(name_, kSessionTimeoutMs)) {
    client_->setWatcher([this](const zk::WatchedEvent& event) {
      if (event.type == zk::EventType::NodeDeleted && event.path == watching_) checkPosition();
    });
  }

  void enqueue() {
    client_->create("/lock/lock-", name_, zk::CreateMode::EphemeralSequential,
                    [this](zk::ErrorCode rc, const std::string& path, const zk::Stat&) {
                      if (rc != zk::ErrorCode::Ok) return;
                      myNode_ = path;
                      checkPosition();
                    });
  }

 private:
  void checkPosition() {
    client_->getChildren(
        "/lock", false, [this](zk::ErrorCode rc, const zk::Children& children, const zk::Stat&) {
          if (rc != zk::ErrorCode::Ok) return;
          const auto sorted = children->sortedBySequence();
          const std::string mine = myNode_.substr(myNode_.rfind('/') + 1);
          size_t index = 0;
          while (index < sorted.size() && sorted[index] != mine) ++index;
          if (index == sorted.size()) return;  // our node is gone (session trouble): stop
          if (index == 0) return acquire();
          watching_ = "/lock/" + sorted[index - 1];
          client_->exists(watching_, true,
                          [this](zk::ErrorCode existsRc, const std::optional<zk::Stat>&) {
                            if (existsRc == zk::ErrorCode::NoNode)
                              checkPosition();  // it left before we looked
                          });
        });
  }

  void acquire() {
    ++summary_.acquisitions;
    if (summary_.crashed) ++summary_.acquisitionsAfterCrash;
    world_.record(
        {.kind = sim::TraceKind::Note, .actor = name_, .path = myNode_, .detail = "acquired"});
    if (name_ == kCrashingClient && holds_++ == 1) {
      // Dies holding the lock: only the session expiry can free it.
      world_.after(sim::fromMillis(1), [this] {  // before the shortest hold ends
        model_.process(name_)->crash();
        summary_.crashed = true;
      });
    }
    sim::Process& process = *model_.process(name_);
    process.after(world_.chooser().between(sim::fromMillis(5), sim::fromMillis(100), "hold"),
                  [this] {
                    client_->remove(myNode_, -1, [this](zk::ErrorCode) {
                      sim::Process& self = *model_.process(name_);
                      self.after(world_.chooser().between(0, sim::fromMillis(50), "think"),
                                 [this] { enqueue(); });
                    });
                  });
  }

  sim::World& world_;
  zk::model::ZooKeeperModel& model_;
  std::string name_;
  RunSummary& summary_;
  std::unique_ptr<zk::ZooKeeperClient> client_;
  std::string myNode_;
  std::string watching_;
  int holds_ = 0;
};

RunSummary runWorkload(uint64_t seed) {
  RunSummary summary;
  sim::World world(seed);
  sim::TraceHasher hasher;
  WorkloadWitness witness;
  world.trace().addSink(&hasher);
  world.trace().addSink(&witness);

  zk::model::ModelConfig config;
  config.server.tickTimeMs = 200;
  zk::model::ZooKeeperModel model(world, config);

  auto setup = model.connect("setup", kSessionTimeoutMs);
  setup->create("/lock", "", zk::CreateMode::Persistent,
                [&](zk::ErrorCode rc, const std::string&, const zk::Stat&) {
                  summary.lockCreated = rc == zk::ErrorCode::Ok;
                });
  world.runUntil([&] { return summary.lockCreated; }, sim::fromSeconds(10));

  std::vector<std::unique_ptr<Contender>> contenders;
  for (int i = 1; i <= kContenders; ++i) {
    contenders.push_back(
        std::make_unique<Contender>(world, model, "client-" + std::to_string(i), summary));
  }
  for (auto& contender : contenders) contender->enqueue();
  world.runUntilTime(sim::fromSeconds(30));

  summary.traceSha256 = hasher.finishHex();
  summary.traceEvents = world.trace().eventCount();
  summary.engineEvents = world.eventsRun();
  summary.expiredSessions = witness.expiredSessions;
  summary.nodesReapedByExpiry = witness.nodesReapedByExpiry;
  return summary;
}

}  // namespace

class DeterminismTest : public QObject {
  Q_OBJECT

 private slots:
  void workloadIsNonTrivial() {
    const RunSummary run = runWorkload(1);
    qInfo("acquisitions %d (%d after the crash), trace events %llu, engine events %llu, sha256 %s",
          run.acquisitions, run.acquisitionsAfterCrash,
          static_cast<unsigned long long>(run.traceEvents),
          static_cast<unsigned long long>(run.engineEvents), run.traceSha256.c_str());
    QVERIFY2(run.lockCreated, "the setup client could not create /lock");
    QVERIFY(run.crashed);
    QVERIFY2(run.acquisitions > 50, qPrintable(QString::number(run.acquisitions)));
    QCOMPARE(run.expiredSessions, 1);      // the crashed client's, and only it
    QCOMPARE(run.nodesReapedByExpiry, 1);  // its lock node, removed with the session
    QVERIFY2(run.acquisitionsAfterCrash > 10,
             qPrintable(QString::number(run.acquisitionsAfterCrash)));
    QVERIFY(run.traceEvents > 1'000);
  }

  void sameSeedGivesIdenticalTrace() {
    const RunSummary first = runWorkload(42);
    const RunSummary second = runWorkload(42);
    QCOMPARE(second.traceSha256, first.traceSha256);
    QCOMPARE(second.traceEvents, first.traceEvents);
    QCOMPARE(second.engineEvents, first.engineEvents);
    QCOMPARE(second.acquisitions, first.acquisitions);
  }

  void differentSeedGivesDifferentTrace() {
    const RunSummary first = runWorkload(42);
    const RunSummary other = runWorkload(43);
    QVERIFY(other.traceSha256 != first.traceSha256);
    QCOMPARE(other.traceSha256.size(), size_t{64});
  }
};

QTEST_APPLESS_MAIN(DeterminismTest)
#include "tst_determinism.moc"
