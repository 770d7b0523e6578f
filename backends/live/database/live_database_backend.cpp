#include "live_database_backend.h"

#include "backends/live/live_interrupt.h"
#include "backends/live/live_process_faults.h"
#include "backends/live/real_time_driver.h"
#include "backends/live/redis/qt_event_wait.h"
#include "backends/live/world_inbox.h"
#include "live_database_connector.h"
#include "pg_script.h"
#include "run_schema.h"
#include "statement_sync.h"

namespace lockscope::live::database {
namespace {

using scenario::Fault;

class LiveDatabaseBackend final : public run::RunBackend {
 public:
  LiveDatabaseBackend(sim::World& world, LiveDatabaseSettings settings)
      : world_(world),
        settings_(std::move(settings)),
        schema_(settings_.target),
        connector_(world, inbox_, settings_.target, settings_.clientClocks),
        // The Qt event loop wait reads the sockets, as for live Redis.
        driver_(world, inbox_, redis::waitInQtEventLoop(inbox_)),
        sync_(world, connector_) {
    // Named from the start: a connection made before the schema exists (or when making it
    // failed) finds no tables rather than the database's own ones of the same names.
    connector_.target().schema = schema_.name();
    if (settings_.syncStatements) driver_.setHold([this] { return sync_.mustHold(); });
  }

  // The sessions end first (the server frees their locks), then the run's schema goes.
  ~LiveDatabaseBackend() override { connector_.dropAll(); }

  std::string name() const override { return "live"; }
  clients::ServiceConnector& connector() override { return connector_; }

  // The tables and their first rows come from the scenario (settings_.seed), not `paths`.
  void preparePaths(const std::vector<std::string>&, int64_t) override {
    LiveSqlTarget& target = connector_.target();
    if (target.dialect == sql::Dialect::PostgreSQL) {
      const Result<bool> setIt = pgDeadlockTimeoutToSet(target);
      if (!setIt) {
        stop_ = {run::BackendStop::Kind::FaultFailed, settings_.file + ": " + setIt.message()};
        return;
      }
      target.setDeadlockTimeout = *setIt;
    }
    if (Status made = schema_.create(settings_.seed); !made) {
      stop_ = {run::BackendStop::Kind::ServerLost, made.message()};
      return;
    }
    // Making the tables takes tens of milliseconds (MariaDB's DDL syncs its files): the run's
    // clock starts after it, or the clients' first statements would all be late.
    driver_.restartClock();
    const std::string dialect = sql::dialectName(target.dialect);
    note("server " + target.address.text() + " (" + dialect + "), the run's tables are in " +
         schema_.name() + " and are dropped when it ends" +
         (settings_.scenarioDialect == dialect
              ? std::string()
              : "; the scenario's dialect is " + settings_.scenarioDialect + ", this run speaks " +
                    dialect + ", the server's"));
  }

  // A paused client's connection stays open with its transaction and its locks.
  void inject(const Fault& fault, clients::LockClient* client) override {
    injectClientFault(world_, fault, connector_.findProcess(fault.client), client,
                      [&] { connector_.dropConnections(fault.client); });
  }

  bool runUntil(const std::function<bool()>& done, sim::Micros deadline) override {
    return driver_.runUntil([&] { return done() || stop_.kind != run::BackendStop::Kind::None; },
                            deadline);
  }

  run::BackendStop stopped() const override { return stopOrInterrupted(stop_); }

 private:
  void note(const std::string& text) {
    world_.record({.kind = sim::TraceKind::Note, .actor = "world", .detail = "live: " + text});
  }

  sim::World& world_;
  LiveDatabaseSettings settings_;
  RunSchema schema_;  // before the connector: dropped after the connections closed
  WorldInbox inbox_;  // before the connector, whose clients' answers are posted to it
  LiveDatabaseConnector connector_;
  run::BackendStop stop_;
  RealTimeDriver driver_;
  StatementSync sync_;
};

}  // namespace

run::RunBackendFactory liveDatabaseBackend(LiveDatabaseSettings settings) {
  return [settings](sim::World& world) -> std::unique_ptr<run::RunBackend> {
    return std::make_unique<LiveDatabaseBackend>(world, settings);
  };
}

}  // namespace lockscope::live::database
