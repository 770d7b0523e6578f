// `--live zk=HOST:PORT[,HOST:PORT...]` for `run`, and `--live HOST:PORT` for `shell`: checks the
// servers are reachable (exit 3 within the connect timeout, never a hang).
#pragma once

#include <QString>
#include <optional>
#include <string>

#include "sim/run/scenario_run.h"

namespace lockscope::cli {

// How long a live server gets to accept a session before the command gives up with exit 3.
constexpr int64_t kLiveConnectTimeoutMs = 5000;

// The server list of a `run --live` value ("zk=h:p,h:p"); nullopt (the error printed, prefixed by
// `command`) for anything else.
std::optional<std::string> parseRunLiveValue(const QString& value, const char* command);

// 0 when `servers` answered; otherwise prints one line and returns kExitUnreachable.
int checkReachable(const std::string& servers, const char* command);

// Makes the run use the live servers (backends/live); without client faults in the scenario the
// sessions skip the fault proxy.
void useLiveServers(run::RunOptions& options, const std::string& servers,
                    const scenario::Scenario& scenario);

}  // namespace lockscope::cli
