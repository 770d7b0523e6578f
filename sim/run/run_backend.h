// Where a run's service lives: the one seam between the run (scenario_run.h) and a service. Every
// service implements it: the ZooKeeper and Redis models (backends/model), live ZooKeeper
// (backends/live) and live Redis servers (backends/live/redis); backends::backendFor
// (backends/backend_for.h) picks one. The run asks it for sessions (or Redis connections), lets
// it prepare the lock paths (Redis: nothing to make) and inject faults, and lets it drive the
// world (virtual time on a model, real time for a live server).
//
// This header is its own small target (lockscope_run_backend): a backend links it and what it
// names (scenario, clients, engine), never the run itself.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "sim/clients/lock_client.h"
#include "sim/clients/service_connector.h"
#include "sim/engine/world.h"
#include "sim/scenario/scenario.h"

namespace lockscope::run {

// Why a backend ended a run before it was done. The CLI turns each kind into its exit code.
struct BackendStop {
  enum class Kind {
    None,
    Interrupted,  // SIGINT or SIGTERM: the user asked (exit 128 + signal)
    ServerLost,   // a server the run did not kill stopped answering (exit 3)
    FaultFailed,  // a fault could not be applied, so the lesson did not happen (exit 2)
  };
  Kind kind = Kind::None;
  std::string
      reason;  // one line: "interrupted by SIGINT", "FILE:LINE:COL: kill_server leader: ..."
};

class RunBackend {
 public:
  virtual ~RunBackend() = default;

  // The report's backend: "model" or "live".
  virtual std::string name() const = 0;
  // How the lock clients reach the service.
  virtual clients::ServiceConnector& connector() = 0;
  // Makes `paths` (and their parents) exist and empty, so every run starts from the same tree.
  virtual void preparePaths(const std::vector<std::string>& paths, int64_t sessionTimeoutMs) = 0;
  // Before the clients start: a live backend opens their first sessions now, so that the order
  // in which clients reach the server follows their start times, not how long each handshake
  // happened to take.
  virtual void prepareClients(const std::vector<clients::ClientSpec>& clients) { (void)clients; }
  // The trace already has the Fault event; `client` is null if it has not started.
  virtual void inject(const scenario::Fault& fault, clients::LockClient* client) = 0;
  // As World::runUntil, with the backend's clock.
  virtual bool runUntil(const std::function<bool()>& done, sim::Micros deadline) = 0;
  // Why the backend stopped the run before it was done; Kind::None when it did not (a model never
  // does). Its reason becomes the report's end reason.
  virtual BackendStop stopped() const { return {}; }
};

// Makes the backend in the run's world, once the run's trace sinks are in place: what the backend
// records when it is made (a Redis deployment's instances) is part of the trace.
using RunBackendFactory = std::function<std::unique_ptr<RunBackend>(sim::World& world)>;

}  // namespace lockscope::run
