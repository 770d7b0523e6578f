#include "live_backend.h"

#include <algorithm>
#include <cstdio>
#include <utility>
#include <vector>

#include "expiry_watch.h"
#include "live_connector.h"
#include "live_interrupt.h"
#include "live_namespace.h"
#include "live_zookeeper_client.h"
#include "real_time_driver.h"
#include "server_control.h"
#include "session_ender.h"
#include "zookeeper_monitor.h"

namespace lockscope::live {
namespace {

using scenario::Fault;

// After the run: notifications already sent reach their clients within a few milliseconds on
// loopback; 30 ms without any means none is coming.
constexpr sim::Micros kSettleQuiet = sim::fromMillis(30);
constexpr sim::Micros kSettleBound = sim::fromMillis(300);

class LiveBackend final : public run::RunBackend {
 public:
  LiveBackend(sim::World& world, LiveSettings settings)
      : world_(world),
        settings_(std::move(settings)),
        connector_(world, inbox_, closer_, settings_.servers, namespace_.root(),
                   settings_.faultProxy),
        driver_(world, inbox_) {}

  // The servers are the user's: one this run killed and did not restart (an interrupted run, a
  // lesson without its restart) is started again.
  ~LiveBackend() override {
    connector_.closeUnused();
    if (stop_.kind == run::BackendStop::Kind::ServerLost)
      namespace_.abandon();  // named in the stop's reason
    for (const std::string& number : servers_.killed()) {
      const Status restarted = servers_.restart(number);
      if (!restarted)
        std::fprintf(stderr, "live ZooKeeper, after the run: %s\n", restarted.message().c_str());
    }
  }

  std::string name() const override { return "live"; }
  clients::ServiceConnector& connector() override { return connector_; }

  void preparePaths(const std::vector<std::string>& paths, int64_t) override {
    // The namespace is the sessions' chroot: the trace's paths read as the model's.
    if (const Status created = namespace_.create(paths); !created) {
      world_.record(
          {.kind = sim::TraceKind::Note, .actor = "world", .detail = "live: " + created.message()});
    }
  }

  void prepareClients(const std::vector<clients::ClientSpec>& clients) override {
    for (const clients::ClientSpec& spec : clients) {
      connector_.openAhead(spec.name, spec.sessionTimeoutMs);
    }
    driver_.runUntil([this] { return connector_.openedAheadConnected(); },
                     world_.now() + sim::fromMillis(settings_.connectTimeoutMs));
  }

  void inject(const Fault& fault, clients::LockClient* client) override {
    if (fault.kind == Fault::Kind::KillServer || fault.kind == Fault::Kind::RestartServer) {
      injectServerFault(fault);
      return;
    }
    sim::Process* process = connector_.findProcess(fault.client);
    FaultProxy* proxy = connector_.proxy(fault.client);
    if (!process || !proxy || !client) {
      world_.record({.kind = sim::TraceKind::Note,
                     .actor = fault.client,
                     .detail = proxy || !settings_.faultProxy
                                   ? "fault ignored: the client has not started"
                                   : "fault ignored: no fault proxy (LiveSettings.faultProxy)"});
      return;
    }
    switch (fault.kind) {
      case Fault::Kind::Crash:
        proxy->kill();  // the OS closes a dead process's sockets; no closeSession is ever sent
        process->crash();
        recordExpiryOf(client);
        break;
      case Fault::Kind::Restart:
        if (process->state() == sim::Process::State::Crashed) {
          process->restart();
          client->restart();  // a new session through a new proxy
        }
        break;
      case Fault::Kind::Pause:
        proxy->freeze();  // a stopped process sends no heartbeats
        process->pause();
        break;
      case Fault::Kind::Resume:
        proxy->thaw();
        process->resume();
        break;
      case Fault::Kind::Partition: proxy->freeze(); break;
      case Fault::Kind::Heal: proxy->thaw(); break;
      case Fault::Kind::ExpireSession: expire(client); break;
      case Fault::Kind::LoseReply: proxy->loseNextReply(fault.applied); break;
      case Fault::Kind::KillServer:
      case Fault::Kind::RestartServer: break;  // handled above
      case Fault::Kind::KillInstance:
      case Fault::Kind::RestartInstance:
      case Fault::Kind::ClockJump:
      case Fault::Kind::Failover: break;  // Redis faults: the loader only accepts them for Redis
    }
  }

  bool runUntil(const std::function<bool()>& done, sim::Micros deadline) override {
    const bool finished = driver_.runUntil([&] { return done() || mustStop(); }, deadline);
    // The lesson may be over before a client whose session it expired has heard so: the client
    // learns it only when its handle next reaches the server, which under load can take a
    // second or more. The trace must still show what the fault did.
    driver_.runUntil([&] { return mustStop() || expiriesHeard(); },
                     std::max(world_.now(), expiriesHeardBy_));
    driver_.settle(kSettleQuiet, kSettleBound);
    return finished;
  }

  run::BackendStop stopped() const override { return stopOrInterrupted(stop_); }

 private:
  // A kill is immediate (the world waits the few ms it takes); a restart waits for the JVM, so it
  // runs in the background and the world goes on meanwhile.
  // A fault that fails ends the run (exit 2): what follows would not be the lesson.
  void injectServerFault(const Fault& fault) {
    if (fault.kind == Fault::Kind::KillServer) {
      faultFailed(fault.location.describe(), servers_.kill(fault.client));
      return;
    }
    closer_.runInBackground([this, which = fault.client, where = fault.location.describe()] {
      const Status restarted = servers_.restart(which);
      inbox_.post([this, restarted, where] {
        faultFailed(where, restarted);
        monitor_.forgive();  // the server answers again from now on
      });
    });
  }

  void faultFailed(const std::string& where, const Status& done) {
    if (done) return;
    world_.record(
        {.kind = sim::TraceKind::Note, .actor = "world", .detail = "live: " + done.message()});
    if (stop_.kind == run::BackendStop::Kind::None)
      stop_ = {run::BackendStop::Kind::FaultFailed, where + ": " + done.message()};
  }

  // True when the run must end now: a fault failed or could not be set up, or the servers have been
  // silent for kServerSilenceBound while the run had killed none of them.
  bool mustStop() {
    if (stop_.kind != run::BackendStop::Kind::None) return true;
    if (!connector_.proxyFailure().empty()) {  // the lesson's faults could not reach the wire
      stop_ = {run::BackendStop::Kind::FaultFailed, connector_.proxyFailure()};
      return true;
    }
    if (servers_.killedCount() > 0) {
      monitor_.forgive();  // silence is the lesson now
      return false;
    }
    if (monitor_.silentFor() > kServerSilenceBound) {
      stop_ = {run::BackendStop::Kind::ServerLost,
               "ZooKeeper at " + settings_.servers + " has not answered for " +
                   std::to_string(kServerSilenceBound.count()) + " s; the run's nodes under " +
                   namespace_.root() + " are left on it"};
      return true;
    }
    return false;
  }

  // The server expires the dead client's session a session timeout later: the trace records it
  // as the model does (server, expired), which ends the session's watches.
  void recordExpiryOf(clients::LockClient* client) {
    auto* session = dynamic_cast<LiveZooKeeperClient*>(client->session());
    if (!session || session->sessionId() == 0) return;
    closer_.runInBackground([this, id = session->sessionId()] {
      expiries_.watch(id, [this, id] {
        inbox_.post([this, id] {
          world_.record({.kind = sim::TraceKind::SessionState,
                         .actor = "server",
                         .op = sim::SessionOp::Expired,
                         .session = id});
        });
      });
    });
  }

  void expire(clients::LockClient* client) {
    auto* session = dynamic_cast<LiveZooKeeperClient*>(client->session());
    if (!session || session->sessionId() == 0) return;
    expiring_.push_back({client, session->sessionId()});
    // The handle reconnects within a session timeout and is told at once; the rest is slack for
    // the second handle that ends the session.
    expiriesHeardBy_ = std::max(expiriesHeardBy_,
                                world_.now() + sim::fromMillis(settings_.connectTimeoutMs +
                                                               2 * session->sessionTimeoutMs()));
    closer_.runInBackground(
        [servers = settings_.servers, id = session->sessionId(),
         password = session->sessionPassword(),
         timeoutMs = settings_.connectTimeoutMs] { endSession(servers, id, password, timeoutMs); });
  }

  // True when every session expired by a fault has been heard of by its client (or was replaced
  // by a restart, or closed).
  bool expiriesHeard() const {
    for (const auto& [client, id] : expiring_) {
      const zookeeper::ZooKeeperClient* session = client->session();
      if (!session || session->sessionId() != id) continue;
      const zookeeper::SessionState state = session->state();
      if (state != zookeeper::SessionState::Expired && state != zookeeper::SessionState::Closed)
        return false;
    }
    return true;
  }

  sim::World& world_;
  LiveSettings settings_;
  std::vector<std::pair<clients::LockClient*, int64_t>> expiring_;  // (client, its expired session)
  sim::Micros expiriesHeardBy_{0};
  ServerControl servers_{settings_.controlProgram,
                         settings_.servers};  // outlives the closer, whose threads restart servers
  // Deleted after every session is closed (members go in reverse order).
  ZooKeeperNamespace namespace_{settings_.servers, settings_.connectTimeoutMs};
  ZooKeeperMonitor monitor_{settings_.servers};
  run::BackendStop stop_;
  // Destroyed in reverse: the closer first (it finishes closing every handle through the still
  // open proxies), then the proxies, then the inbox the closer posted to.
  WorldInbox inbox_;
  LiveConnector connector_;
  // Closed before the inbox its watchers post to, after the closer's threads that call it.
  ExpiryWatch expiries_{settings_.servers + namespace_.root()};
  HandleCloser closer_;
  RealTimeDriver driver_;
};

}  // namespace

run::RunBackendFactory liveBackend(LiveSettings settings) {
  return [settings](sim::World& world) -> std::unique_ptr<run::RunBackend> {
    return std::make_unique<LiveBackend>(world, settings);
  };
}

}  // namespace lockscope::live
