// The one place a run's backend is chosen, shared by `lockscope-cli run|check` and the GUI: the
// model of the scenario's service (backend: zookeeper or redis), or live servers.
//
//   run::RunOptions options{.backend = backends::modelBackendFor(scenario)};  // the model
//   Result<run::RunBackendFactory> live = backends::backendFor(scenario, {.servers = "h:p"});
//
// A new service is one RunBackend class (sim/run/run_backend.h) registered here; the run layer
// does not change (docs/architecture.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "backends/live/live_run_setup.h"
#include "sim/run/run_backend.h"
#include "sim/scenario/scenario.h"

namespace lockscope::backends {

struct LiveChoice {
  // "host:port[,host:port...]" (a database: "host:port/db"); empty: not live, the scenario runs
  // on its model.
  std::string servers;
  // The service the servers run: the CLI's zk= / redis= / pg= / mariadb=. nullopt: the scenario's
  // own service (the GUI's one connection string names the servers of the lesson's service).
  std::optional<live::LiveService> service;
  int64_t connectTimeoutMs = 5000;

  bool live() const { return !servers.empty(); }
};

// The backend that runs `scenario` where `live` says; a failure when the live servers cannot run
// it (a malformed list, a fault they cannot do; see live_run_setup.h). Contacts no server: probe
// first with live::probeLiveServers.
Result<run::RunBackendFactory> backendFor(const scenario::Scenario& scenario,
                                          const LiveChoice& live);
// The model of the scenario's service: the choice that cannot fail.
run::RunBackendFactory modelBackendFor(const scenario::Scenario& scenario);

// The service `live`'s servers run: the one it names, else the scenario's own.
live::LiveService liveServiceFor(const scenario::Scenario& scenario, const LiveChoice& live);

}  // namespace lockscope::backends
