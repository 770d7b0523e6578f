// `--live zk=HOST:PORT[,HOST:PORT...]` and `--live redis=HOST:PORT[,HOST:PORT...]` for `run` and
// `check`: checks the servers are reachable (exit 3 within the connect timeout, never a hang) and
// that the scenario can run on them (exit 2). The list is parsed by backends/live/server_address.h,
// the one parser the GUI uses too.
#pragma once

#include <QString>
#include <optional>
#include <string>

#include "backends/live/live_run_setup.h"
#include "sim/run/scenario_run.h"

namespace lockscope::cli {

// How long a live server gets to accept a session before the command gives up with exit 3.
constexpr int64_t kLiveConnectTimeoutMs = 5000;

struct LiveTarget {
  live::LiveService service = live::LiveService::ZooKeeper;
  std::string servers;  // "h:p,h:p"
};

// The target of a `run --live` value ("zk=h:p,h:p" or "redis=h:p,h:p"); nullopt (the error
// printed, prefixed by `command`) for anything else.
std::optional<LiveTarget> parseRunLiveValue(const QString& value, const char* command);

// 0 when the servers answered; otherwise prints one line and returns kExitUnreachable.
int checkReachable(const LiveTarget& target, const char* command);

// Makes the run use the live servers (backends/live). Returns 0, or kExitBadInput after printing
// the one line saying what of the scenario the live servers cannot run.
int useLiveServers(run::RunOptions& options, const LiveTarget& target, const scenario::Scenario& scenario);

}  // namespace lockscope::cli
