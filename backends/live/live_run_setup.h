// The one way a scenario is put on live servers, reached through backends::backendFor
// (backends/backend_for.h) by `lockscope-cli run|check --live` and the GUI's live switch: the
// server list is parsed once (server_address.h), the scenario is checked against what live servers
// can do (each refusal one line naming the file, line and what was expected), and kill/restart
// faults get the user's control program or are refused.
#pragma once

#include <cstdint>
#include <string>

#include "sim/engine/status.h"

#include "sim/run/run_backend.h"
#include "sim/scenario/scenario.h"

namespace lockscope::live {

// The database services name the server's dialect: a database scenario runs in it whatever its
// `dialect:` says (the model is the one that follows that).
enum class LiveService { ZooKeeper, Redis, PostgreSQL, MariaDB };

// The backend that runs `scenario` on `servers` ("h:p,h:p"; a database's "h:p/db") of `service`;
// a failure when the list
// is malformed or the scenario cannot run there. Contacts no server. `faultProxy`: ZooKeeper
// sessions go through a fault proxy each (backendFor decides; Redis has none).
Result<run::RunBackendFactory> liveBackendFor(const scenario::Scenario& scenario,
                                              LiveService service, const std::string& servers,
                                              int64_t connectTimeoutMs, bool faultProxy);

// Success when every server of the list answers within `timeoutMs`; otherwise the failure says
// which not.
Status probeLiveServers(LiveService service, const std::string& servers, int64_t timeoutMs);

}  // namespace lockscope::live
