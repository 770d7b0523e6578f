// `--live zk=HOST:PORT[,HOST:PORT...]`, `--live redis=HOST:PORT[,HOST:PORT...]`,
// `--live pg=HOST:PORT/DB` and `--live mariadb=HOST:PORT/DB` for `run` and `check`: checks the
// servers are reachable (exit 3 within the connect timeout, never a hang) and that the scenario can
// run on them (exit 2). The list is parsed by backends/live/server_address.h and the backend chosen
// by backends::backendFor, the ones the GUI uses too.
#pragma once

#include <QString>
#include <optional>
#include <string>

#include "backends/backend_for.h"
#include "sim/run/scenario_run.h"

namespace lockscope::cli {

// How long a live server gets to accept a session before the command gives up with exit 3.
constexpr int64_t kLiveConnectTimeoutMs = 5000;

// The servers of a `run --live` value ("zk=h:p,h:p", "redis=h:p,h:p", "pg=h:p/db",
// "mariadb=h:p/db"), their service named;
// nullopt (the error printed, prefixed by `command`) for anything else.
std::optional<backends::LiveChoice> parseRunLiveValue(const QString& value, const char* command);

// 0 when the live servers answered; otherwise prints one line and returns kExitUnreachable.
int checkReachable(const backends::LiveChoice& live, const char* command);

// Sets the run's backend (backends::backendFor): the scenario's model when `live` names no
// servers, else the live servers. Returns 0, or kExitBadInput after printing the one line saying
// what of the scenario the live servers cannot run.
int chooseBackend(run::RunOptions& options, const backends::LiveChoice& live,
                  const scenario::Scenario& scenario);

}  // namespace lockscope::cli
