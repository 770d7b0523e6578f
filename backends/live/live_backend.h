// Live mode for scenario runs: the entry point for `lockscope-cli run --live` and the GUI.
//
//   lockscope::run::RunOptions options;
//   options.backend = lockscope::live::liveBackend({.servers = "127.0.0.1:2181"});
//   lockscope::run::RunReport report = lockscope::run::runScenario(scenario, options);
//
// Check reachability first with live::probeZooKeeper (live_probe.h): a run against a server that
// cannot be reached does not hang, but it only notes the failure in the trace. The run works under
// a namespace of its own, /lockscope/<run id> (live_namespace.h), deleted when it ends.
#pragma once

#include <cstdint>
#include <string>

#include "sim/run/run_backend.h"

namespace lockscope::live {

struct LiveSettings {
  std::string servers;              // "host:port[,host:port...]"
  int64_t connectTimeoutMs = 5000;  // for setting up the lock paths
  // Sessions go through a fault proxy each (live_connector.h), which client faults need. A run
  // without client faults may connect straight to the servers: one thread and two loopback
  // hops less per request. backends::backendFor (backends/backend_for.h) decides, by one rule.
  bool faultProxy = true;
  // kill_server / restart_server go through this program (server_control_program.h); empty:
  // such faults were refused before the run.
  std::string controlProgram;
};

run::RunBackendFactory liveBackend(LiveSettings settings);

}  // namespace lockscope::live
