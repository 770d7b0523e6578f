#include "live_redis_backend.h"

#include <charconv>
#include <cstdint>
#include <cstdio>

#include "backends/live/live_interrupt.h"
#include "backends/live/live_process_faults.h"
#include "backends/live/real_time_driver.h"
#include "backends/live/world_inbox.h"
#include "live_redis_connector.h"
#include "qt_event_wait.h"
#include "redis_blocking.h"
#include "redis_instance_control.h"
#include "redis_key_namespace.h"
#include "redis_watchdog.h"

namespace lockscope::live::redis {
namespace {

using scenario::Fault;

// "redis-3" is instance 2; nullopt for anything else (a replica name cannot reach a live run).
std::optional<size_t> instanceIndex(const std::string& name) {
  constexpr std::string_view prefix = "redis-";
  if (name.rfind(prefix, 0) != 0) return std::nullopt;
  size_t number = 0;
  const char* end = name.data() + name.size();
  const auto parsed = std::from_chars(name.data() + prefix.size(), end, number);
  if (parsed.ec != std::errc() || parsed.ptr != end || number == 0) return std::nullopt;
  return number - 1;
}

class LiveRedisBackend final : public run::RunBackend {
 public:
  LiveRedisBackend(sim::World& world, const LiveRedisSettings& settings,
                   std::vector<RedisAddress> addresses)
      : world_(world),
        settings_(settings),
        addresses_(addresses),
        keyPrefix_(newKeyPrefix()),
        connector_(world, inbox_, addresses, settings.requestTimeoutMs, keyPrefix_,
                   settings.clientClocks),
        control_(settings.controlProgram, addresses, settings.connectTimeoutMs),
        driver_(world, inbox_, waitInQtEventLoop(inbox_)) {}

  // The servers are the user's (or the next test's): one this run killed is started again,
  // empty as a restart without persistence leaves it, and the run's own keys are deleted.
  ~LiveRedisBackend() override {
    for (const size_t index : control_.killed()) {
      const Status restarted = control_.restart(index);
      if (!restarted)
        std::fprintf(stderr, "live Redis, after the run: %s\n", restarted.message().c_str());
    }
    for (size_t index = 0; index < addresses_.size(); ++index) {
      if (index == lostIndex_) continue;  // silent: named in the stop's reason
      const Status deleted = deleteKeysWithPrefix(addresses_[index], keyPrefix_,
                                                  settings_.connectTimeoutMs);
      if (!deleted)
        std::fprintf(stderr, "live Redis, after the run: %s\n", deleted.message().c_str());
    }
  }

  std::string name() const override { return "live"; }
  clients::ServiceConnector& connector() override { return connector_; }

  // Redis has no paths to make: the run's key prefix is new, so it starts from no keys of its
  // own. Each server enters the trace as the model's instances do, so that the stage draws a box
  // for it.
  void preparePaths(const std::vector<std::string>&, int64_t) override {
    for (size_t index = 0; index < addresses_.size(); ++index) {
      recordInstance(index, sim::RedisInstanceOp::Up,
                     "live server " + addresses_[index].text() + ", the run's keys start with " +
                         keyPrefix_ + " and are deleted when it ends");
    }
  }

  void inject(const Fault& fault, clients::LockClient* client) override {
    if (fault.kind == Fault::Kind::KillInstance || fault.kind == Fault::Kind::RestartInstance) {
      injectInstanceFault(fault);
      return;
    }
    injectClientFault(world_, fault, connector_.findProcess(fault.client), client,
                      [&] { connector_.dropConnections(fault.client); });
  }

  bool runUntil(const std::function<bool()>& done, sim::Micros deadline) override {
    return driver_.runUntil([&] { return done() || mustStop(); }, deadline);
  }

  run::BackendStop stopped() const override { return stopOrInterrupted(stop_); }

 private:
  // Blocks the world for the few milliseconds a kill or a restart of redis-server takes.
  void injectInstanceFault(const Fault& fault) {
    const std::optional<size_t> index = instanceIndex(fault.client);
    if (!index || *index >= addresses_.size()) {
      note(std::string(scenario::faultKindName(fault.kind)) + ": no live server for " +
           fault.client);
      return;
    }
    const bool kill = fault.kind == Fault::Kind::KillInstance;
    const Status done = kill ? control_.kill(*index) : control_.restart(*index);
    if (!done) {
      // The lesson's fault did not happen: what follows would not be the lesson.
      note(done.message());
      stop_ = {run::BackendStop::Kind::FaultFailed,
               fault.location.describe() + ": " + done.message()};
      return;
    }
    if (!kill) watchdog_.forgive(*index);
    // The servers run without persistence: a restarted one is empty.
    recordInstance(*index, kill ? sim::RedisInstanceOp::Down : sim::RedisInstanceOp::Up,
                   kill ? "killed (SIGKILL)" : "restarted with 0 keys from disk");
  }

  // True when the run must end now: a fault failed, or a server the run did not kill has been
  // silent for kServerSilenceBound.
  bool mustStop() {
    if (stop_.kind != run::BackendStop::Kind::None) return true;
    for (size_t index = 0; index < addresses_.size(); ++index) {
      if (!control_.isKilled(index) && watchdog_.silentFor(index) > kServerSilenceBound) {
        stop_ = {run::BackendStop::Kind::ServerLost,
                 instanceName(index) + " (Redis at " + addresses_[index].text() +
                     ") has not answered for " + std::to_string(kServerSilenceBound.count()) +
                     " s; the run's keys " + keyPrefix_ + "* are left on it"};
        lostIndex_ = index;
        return true;
      }
    }
    return false;
  }

  // The model's RedisInstance event for a live server. No clock reading: a live server's clock
  // is the machine's, and what the stage shows of it is the run's own time.
  void recordInstance(size_t index, sim::RedisInstanceOp op, const std::string& detail) {
    world_.record({.kind = sim::TraceKind::RedisInstance,
                   .actor = instanceName(index),
                   .op = op,
                   .value = "master",
                   .detail = detail,
                   .request = sim::toMillis(world_.now())});
  }

  void note(const std::string& text) {
    world_.record({.kind = sim::TraceKind::Note, .actor = "world", .detail = "live: " + text});
  }

  sim::World& world_;
  LiveRedisSettings settings_;
  std::vector<RedisAddress> addresses_;
  std::string keyPrefix_;
  WorldInbox inbox_;  // before the connector, whose clients' answers are posted to it
  LiveRedisConnector connector_;
  RedisInstanceControl control_;
  RedisWatchdog watchdog_{addresses_};
  run::BackendStop stop_;
  size_t lostIndex_ = SIZE_MAX;  // the server that went silent, if one did
  RealTimeDriver driver_;
};

}  // namespace

run::RunBackendFactory liveRedisBackend(LiveRedisSettings settings) {
  return [settings](sim::World& world) -> std::unique_ptr<run::RunBackend> {
    Result<std::vector<RedisAddress>> addresses = parseServerList(settings.servers);
    // Checked by the caller (liveBackendFor); an empty list connects nothing.
    return std::make_unique<LiveRedisBackend>(
        world, settings, addresses ? std::move(*addresses) : std::vector<RedisAddress>{});
  };
}

}  // namespace lockscope::live::redis
