// Goal: the quiet-session table (backends/model/zookeeper/quiet_sessions.h) changes what a run
// costs, never what it does; and an idle session costs the world's agenda nothing.
//
// Method: differential. First one session, a fault or a call landing at each moment around a
// ping (before it, as it leaves, in flight, as the server answers, while the answer is in flight,
// as it arrives, after), on the session's third ping, when the table runs its loop: the trace, the
// client's log and the connection's counts must be those of the same script without the table.
// Then every lesson under scenarios/, then variations of the ZooKeeper lessons with faults hitting
// processes, connections, sessions and the server at random moments (pauses, crashes,
// partitions, expiries, lost replies, server restarts), random seeds, latencies (zero included),
// hold times and session timeouts, each run with the table and without it
// (LOCKSCOPE_QUIET_SESSIONS=0): the trace's SHA-256 and its event count must be the same, and so
// must the world's count of events run, the end reason and the virtual time (the table runs the
// objects' events elsewhere, one for one). The variations are checked to have used the table,
// taking loops over and giving them back many times. Then an idle hour: 100 readers holding a
// shared lock for an hour of virtual time; with the table the agenda runs a few events per client
// in all, the table three per ping and the expiry checks, and the trace is the one without it.
#include <QDirIterator>
#include <QTest>
#include <random>

#include "backends/model/zookeeper_model_backend.h"
#include "sim/scenario/scenario_loader.h"
#include "support/model_harness.h"
#include "support/model_run.h"

using namespace lockscope;

namespace {

// --- one session, a fault at each moment around a ping ---

// What one scripted run left behind.
struct Script {
  std::string trace;  // the trace's SHA-256
  uint64_t events = 0;
  sim::Micros end = 0;
  std::string states;  // what the client's watcher saw
  size_t calls = 0;    // completions it saw
  uint64_t sent = 0, dropped = 0;
  uint64_t adopted = 0;
};

using Fault = std::function<void(testing::ModelHarness&, testing::TestClient&)>;

// Client "c"'s process paused for `duration`, or its connection cut for it.
Fault pauseFor(sim::Micros duration) {
  return [duration](testing::ModelHarness& h, testing::TestClient&) {
    h.model.process("c")->pause();
    h.runFor(duration);
    h.model.process("c")->resume();
  };
}
Fault partitionFor(sim::Micros duration) {
  return [duration](testing::ModelHarness& h, testing::TestClient&) {
    h.model.connection("c")->cut();
    h.runFor(duration);
    h.model.connection("c")->restore();
  };
}

// Client "c" (timeout 4 s, so a ping every 1,333,333 us after its last send) creates an ephemeral
// node and idles; at `at` after the create's request left, `fault` hits; then 20 s more run.
Script runScript(bool table, sim::LatencyRange latency, sim::Micros at, const Fault& fault) {
  testing::zkm::ModelConfig config;
  config.server.tickTimeMs = 200;
  config.server.quietSessions = table;
  config.latency = latency;
  testing::ModelHarness h(7, config);
  sim::TraceHasher hasher;
  h.world.trace().addSink(&hasher);
  auto c = h.connect("c", 4000);
  const sim::Micros sent = h.now();
  c->create("/e", "", zookeeper::CreateMode::Ephemeral);
  h.runUntilTime(sent + at);
  fault(h, *c);
  h.runFor(sim::fromSeconds(20));
  Script script;
  script.adopted = h.server().quiet().adopted();
  script.states = c->statesSeen();
  script.calls = c->log().size();
  script.sent = h.model.connection("c")->sentCount();
  script.dropped = h.model.connection("c")->droppedCount();
  c.reset();
  h.runFor(sim::fromSeconds(1));
  script.trace = hasher.finishHex();
  script.events = h.world.eventsRun();
  script.end = h.now();
  return script;
}

// What the world and the quiet table ran, read as the run's backend goes away (the world
// outlives it).
struct WorldCounts {
  uint64_t events = 0;      // every event run
  uint64_t sideEvents = 0;  // of which from side agendas: the quiet table's
  uint64_t adopted = 0;     // loops the table took over
  uint64_t givenBack = 0;   // and gave back before the end
};

// A backend that passes everything to the model's and counts the world's events at the end.
class CountingBackend final : public run::RunBackend {
 public:
  CountingBackend(std::unique_ptr<run::RunBackend> inner, sim::World& world, WorldCounts& counts)
      : inner_(std::move(inner)), world_(world), counts_(counts) {}
  ~CountingBackend() override {
    counts_.events = world_.eventsRun();
    counts_.sideEvents = world_.sideEventsRun();
    if (auto* zookeeper = dynamic_cast<model::ZooKeeperModelBackend*>(inner_.get())) {
      counts_.adopted = zookeeper->model().server().quiet().adopted();
      counts_.givenBack = zookeeper->model().server().quiet().givenBack();
    }
  }
  std::string name() const override { return inner_->name(); }
  clients::ServiceConnector& connector() override { return inner_->connector(); }
  void preparePaths(const std::vector<std::string>& paths, int64_t timeoutMs) override {
    inner_->preparePaths(paths, timeoutMs);
  }
  void prepareClients(const std::vector<clients::ClientSpec>& clients) override {
    inner_->prepareClients(clients);
  }
  void inject(const scenario::Fault& fault, clients::LockClient* client) override {
    inner_->inject(fault, client);
  }
  bool runUntil(const std::function<bool()>& done, sim::Micros deadline) override {
    return inner_->runUntil(done, deadline);
  }

 private:
  std::unique_ptr<run::RunBackend> inner_;
  sim::World& world_;
  WorldCounts& counts_;
};

struct Outcome {
  std::string hash;
  uint64_t traceEvents = 0;
  WorldCounts world;
  // How the run ended: its predicate reads the clock between any two events (the stall window),
  // so an event run elsewhere, or left out, shows here even when the trace is the same.
  std::string endReason;
  sim::Micros virtualTime = 0;
  std::vector<std::string> unmet;
};

Outcome runWithTable(const scenario::Scenario& scenario, bool table) {
  qputenv("LOCKSCOPE_QUIET_SESSIONS", table ? "1" : "0");
  Outcome outcome;
  const run::RunBackendFactory model = backends::modelBackendFor(scenario);
  run::RunOptions options{.backend = [&](sim::World& world) -> std::unique_ptr<run::RunBackend> {
    return std::make_unique<CountingBackend>(model(world), world, outcome.world);
  }};
  const run::RunReport report = run::runScenario(scenario, options);
  qunsetenv("LOCKSCOPE_QUIET_SESSIONS");
  outcome.hash = report.traceSha256;
  outcome.traceEvents = report.events;
  outcome.endReason = report.endReason;
  outcome.virtualTime = report.virtualTime;
  outcome.unmet = report.unmetExpectations;
  return outcome;
}

// Runs `scenario` both ways; fails the test if the traces differ. The run with the table.
Outcome verifySameBothWays(const scenario::Scenario& scenario, const QString& what) {
  const Outcome with = runWithTable(scenario, true);
  const Outcome without = runWithTable(scenario, false);
  if (with.hash != without.hash || with.traceEvents != without.traceEvents) {
    QTest::qFail(qPrintable(what + ": the trace differs with the quiet table (" +
                            QString::number(with.traceEvents) + " events, " +
                            QString::fromStdString(with.hash.substr(0, 12)) + ") and without (" +
                            QString::number(without.traceEvents) + ", " +
                            QString::fromStdString(without.hash.substr(0, 12)) + ")"),
                 __FILE__, __LINE__);
  }
  if (without.world.sideEvents != 0) {
    QTest::qFail(qPrintable(what + ": side events ran with the table off"), __FILE__, __LINE__);
  }
  // The same events, one for one: the table runs the objects' events elsewhere, never fewer.
  if (with.world.events != without.world.events || with.endReason != without.endReason ||
      with.virtualTime != without.virtualTime || with.unmet != without.unmet) {
    QTest::qFail(qPrintable(what + ": the run differs with the quiet table (" +
                            QString::number(with.world.events) + " events, ended at " +
                            QString::number(with.virtualTime) + " us, " +
                            QString::fromStdString(with.endReason) + ") and without (" +
                            QString::number(without.world.events) + ", " +
                            QString::number(without.virtualTime) + " us, " +
                            QString::fromStdString(without.endReason) + ")"),
                 __FILE__, __LINE__);
  }
  return with;
}

std::vector<QString> lessonFiles() {
  std::vector<QString> files;
  QDirIterator it(QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios"), {QStringLiteral("*.yaml")},
                  QDir::Files, QDirIterator::Subdirectories);
  while (it.hasNext()) files.push_back(it.next());
  std::sort(files.begin(), files.end());
  return files;
}

std::optional<scenario::Scenario> load(const QString& file,
                                       const std::vector<scenario::Override>& overrides = {}) {
  auto loaded = scenario::loadScenarioFile(file.toStdString(), overrides);
  if (!loaded.scenario || !loaded.scenario->liveOnly.en.empty()) return std::nullopt;
  return std::move(loaded.scenario);
}

// A fault of `kind` on `client` at `at`.
scenario::Fault fault(sim::FaultKind kind, sim::Micros at, const std::string& client) {
  scenario::Fault made;
  made.kind = kind;
  made.at = at;
  made.client = client;
  return made;
}

// Faults at random moments of the first `span`: each kind that ends (pause, crash, partition,
// a server kill) mostly followed by its end, so that sessions come back and go quiet again.
std::vector<scenario::Fault> randomFaults(std::mt19937_64& random, const scenario::Scenario& base,
                                          sim::Micros span) {
  using K = sim::FaultKind;
  std::vector<scenario::Fault> faults = base.faults;
  const int count = static_cast<int>(random() % 5) + 1;
  auto moment = [&] { return static_cast<sim::Micros>(random() % static_cast<uint64_t>(span)); };
  auto someClient = [&] { return base.clients[random() % base.clients.size()].name; };
  auto later = [&](sim::Micros at) {
    return at + static_cast<sim::Micros>(random() % static_cast<uint64_t>(sim::fromSeconds(8)));
  };
  for (int i = 0; i < count; ++i) {
    const sim::Micros at = moment();
    const std::string client = someClient();
    const bool ends = random() % 4 != 0;
    switch (random() % 7) {
      case 0:
        faults.push_back(fault(K::Pause, at, client));
        if (ends) faults.push_back(fault(K::Resume, later(at), client));
        break;
      case 1:
        faults.push_back(fault(K::Crash, at, client));
        if (ends) faults.push_back(fault(K::Restart, later(at), client));
        break;
      case 2:
        faults.push_back(fault(K::Partition, at, client));
        if (ends) faults.push_back(fault(K::Heal, later(at), client));
        break;
      case 3: faults.push_back(fault(K::ExpireSession, at, client)); break;
      case 4: {
        scenario::Fault lost = fault(K::LoseReply, at, client);
        lost.applied = random() % 2 == 0;
        faults.push_back(lost);
        break;
      }
      case 5:
        faults.push_back(fault(K::KillServer, at, "1"));
        if (ends) faults.push_back(fault(K::RestartServer, later(at), "1"));
        break;
      default: break;  // no fault this time: quiet stretches matter too
    }
  }
  std::stable_sort(faults.begin(), faults.end(),
                   [](const scenario::Fault& a, const scenario::Fault& b) { return a.at < b.at; });
  return faults;
}

// One variation of `base`: another seed, latency, session timeouts, hold times and faults.
scenario::Scenario vary(const scenario::Scenario& base, std::mt19937_64& random) {
  scenario::Scenario varied = base;
  varied.seed = random();
  const sim::LatencyRange latencies[] = {{sim::fromMillis(1), sim::fromMillis(3)},
                                         {0, 0},
                                         {0, sim::fromMillis(2)},
                                         {200, 800},
                                         {sim::fromMillis(5), sim::fromMillis(5)}};
  varied.latency = latencies[random() % std::size(latencies)];
  const int64_t timeouts[] = {400, 1000, 4000};
  const sim::Micros holds[] = {sim::fromMillis(50), sim::fromSeconds(2), sim::fromSeconds(7)};
  const sim::Micros hold = holds[random() % std::size(holds)];
  for (clients::ClientSpec& client : varied.clients) {
    client.sessionTimeoutMs = timeouts[random() % std::size(timeouts)];
    for (clients::PlanStep& step : client.plan) {
      if (step.kind == clients::PlanStep::Kind::Hold) step.duration = hold;
    }
  }
  varied.faults = randomFaults(random, base, sim::fromSeconds(20));
  varied.maxVirtualTime = std::min(varied.maxVirtualTime, sim::fromSeconds(60));
  varied.stallWindow = std::min(varied.stallWindow, sim::fromSeconds(15));
  return varied;
}

}  // namespace

class TestQuietSessions : public QObject {
  Q_OBJECT

 private slots:
  void aFaultInEveryPhaseOfAPing() {
    using testing::ModelHarness;
    using testing::TestClient;
    const std::pair<const char*, Fault> faults[] = {
        {"pause 100 ms", pauseFor(sim::fromMillis(100))},
        {"pause 5 s", pauseFor(sim::fromSeconds(5))},
        {"crash", [](ModelHarness& h, TestClient&) { h.model.process("c")->crash(); }},
        {"partition 50 ms", partitionFor(sim::fromMillis(50))},
        {"partition 3 s", partitionFor(sim::fromSeconds(3))},
        {"expire", [](ModelHarness& h, TestClient& c) { h.server().expireSession(c.sessionId()); }},
        {"drop connection",
         [](ModelHarness& h, TestClient& c) { h.server().dropConnection(c.sessionId()); }},
        {"server down 1 s",
         [](ModelHarness& h, TestClient&) {
           h.server().stop();
           h.runFor(sim::fromSeconds(1));
           h.server().start();
         }},
        {"exists", [](ModelHarness&, TestClient& c) { c.existsAsync("/e", true); }},
        {"close", [](ModelHarness&, TestClient& c) { c.closeAsync(); }},
        {"read the counts",
         [](ModelHarness& h, TestClient&) { (void)h.model.connection("c")->sentCount(); }},
        {"slower network",
         [](ModelHarness& h, TestClient&) {
           h.model.connection("c")->setLatency({sim::fromMillis(4), sim::fromMillis(9)});
         }},
    };
    // The third ping leaves 4,000,000 us after the create (a ping every 4 s / 3 from the last
    // send); with a latency of 1 ms it reaches the server 1 ms later and its answer the client
    // 1 ms after that. The range draws its latencies: the same moments, blurred.
    const sim::LatencyRange latencies[] = {{1000, 1000}, {500, 1500}};
    const sim::Micros third = 3 * (sim::fromMillis(4000) / 3);
    const sim::Micros around[] = {-1,   0,    1,    500,  999,  1000, 1001,
                                  1500, 1999, 2000, 2001, 2500, 3001};
    int runs = 0;
    for (const auto& [name, fault] : faults) {
      for (const sim::LatencyRange& latency : latencies) {
        for (const sim::Micros offset : around) {
          const Script with = runScript(true, latency, third + offset, fault);
          const Script without = runScript(false, latency, third + offset, fault);
          const QString what = QString("%1 at the third ping %2 %3 us, latency %4-%5 us")
                                   .arg(name)
                                   .arg(offset < 0 ? "-" : "+")
                                   .arg(std::abs(offset))
                                   .arg(latency.low)
                                   .arg(latency.high);
          QVERIFY2(with.adopted > 0, qPrintable(what + ": the table never ran the loop"));
          QVERIFY2(without.adopted == 0, qPrintable(what));
          QVERIFY2(with.trace == without.trace, qPrintable(what + ": the traces differ"));
          QVERIFY2(with.events == without.events,
                   qPrintable(what + ": " + QString::number(with.events) + " events / " +
                              QString::number(without.events)));
          QVERIFY2(with.states == without.states,
                   qPrintable(what + ": " + QString::fromStdString(with.states) + " / " +
                              QString::fromStdString(without.states)));
          QVERIFY2(with.calls == without.calls, qPrintable(what));
          QVERIFY2(
              with.sent == without.sent && with.dropped == without.dropped,
              qPrintable(what + ": sent " + QString::number(with.sent) + " / " +
                         QString::number(without.sent) + ", dropped " +
                         QString::number(with.dropped) + " / " + QString::number(without.dropped)));
          ++runs;
        }
      }
    }
    QCOMPARE(runs, static_cast<int>(std::size(faults) * std::size(latencies) * std::size(around)));
  }

  void everyLessonRunsTheSameWithoutTheTable() {
    int compared = 0;
    for (const QString& file : lessonFiles()) {
      const auto lesson = load(file);
      if (!lesson) continue;
      verifySameBothWays(*lesson, file);
      if (QTest::currentTestFailed()) return;
      ++compared;
    }
    qInfo("%d lessons compared", compared);
    QVERIFY2(compared >= 80, qPrintable(QString::number(compared) + " lessons compared"));
  }

  void faultsAtRandomMomentsRunTheSame() {
    std::vector<scenario::Scenario> bases;
    for (const QString& file : lessonFiles()) {
      const auto lesson = load(file);
      if (lesson && lesson->backend == "zookeeper") bases.push_back(*lesson);
    }
    QVERIFY(bases.size() >= 20);
    std::mt19937_64 random(20);  // the number: any seed would do, this one is fixed
    int usedTable = 0;
    uint64_t adopted = 0, givenBack = 0;
    const int runs = 8 * static_cast<int>(bases.size());
    for (int run = 0; run < runs; ++run) {
      const scenario::Scenario& base = bases[static_cast<size_t>(run) % bases.size()];
      const scenario::Scenario varied = vary(base, random);
      const Outcome outcome = verifySameBothWays(
          varied, QString::fromStdString(base.file) + " variation " + QString::number(run) +
                      " (seed " + QString::number(varied.seed) + ")");
      if (QTest::currentTestFailed()) return;
      if (outcome.world.sideEvents > 0) ++usedTable;
      adopted += outcome.world.adopted;
      givenBack += outcome.world.givenBack;
    }
    qInfo("%d of %d variations used the table: %llu loops taken over, %llu given back", usedTable,
          runs, static_cast<unsigned long long>(adopted),
          static_cast<unsigned long long>(givenBack));
    // Most variations have idle stretches long enough for a ping (a third of the timeout), and
    // loops were given back to faults, calls and arrivals, many times over.
    QVERIFY2(usedTable * 2 > runs,
             qPrintable(QString::number(usedTable) + " of " + QString::number(runs)));
    QVERIFY(givenBack > 100);
  }

  void anIdleHourIsQuiet() {
    constexpr int kClients = 100;
    constexpr int64_t kHourMs = 3'600'000;
    const auto lesson = load(QStringLiteral(LOCKSCOPE_SOURCE_DIR "/bench/scenarios/idle-hour.yaml"),
                             {{"clients", std::to_string(kClients)}});
    QVERIFY(lesson);
    QCOMPARE(lesson->clients.front().sessionTimeoutMs, int64_t{4000});
    const Outcome outcome = verifySameBothWays(*lesson, "idle hour");
    if (QTest::currentTestFailed()) return;
    const uint64_t agenda = outcome.world.events - outcome.world.sideEvents;
    qInfo("idle hour, %d clients: %llu agenda events, %llu side events", kClients,
          static_cast<unsigned long long>(agenda),
          static_cast<unsigned long long>(outcome.world.sideEvents));
    // Connecting, acquiring, releasing and closing: a few dozen events a client. Without the
    // table the hour's heartbeats alone were over 9,000 a client.
    QVERIFY2(agenda < 60 * kClients, qPrintable(QString::number(agenda) + " agenda events"));
    // A heartbeat, a ping's arrival and a pong's arrival every 4000 / 3 ms (3 x 2,700 in the
    // hour) and the server's expiry check every few seconds: about 9,000 table events a client.
    const uint64_t pings = kHourMs * 3 / 4000;
    QVERIFY2(outcome.world.sideEvents > 3 * pings * kClients,
             qPrintable(QString::number(outcome.world.sideEvents) + " side events"));
    QVERIFY2(outcome.world.sideEvents < 4 * pings * kClients,
             qPrintable(QString::number(outcome.world.sideEvents) + " side events"));
  }
};

QTEST_GUILESS_MAIN(TestQuietSessions)
#include "tst_quiet_sessions.moc"
