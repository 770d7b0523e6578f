// The program a user trusts to kill and restart their servers, for the kill_server,
// restart_server, kill_instance and restart_instance faults of a live run. Lockscope never acts on
// a server process by itself: a pid, a path or an executable a server reports is the server's word,
// and a server we do not own can say anything. So the user names the program in the environment,
//
//   LOCKSCOPE_SERVER_CONTROL=/path/to/program
//
// and Lockscope runs it (an argument vector, never a shell) as
//
//   program kill zookeeper leader|N SERVERS      prints the number of the server it killed
//   program restart zookeeper N SERVERS
//   program kill redis N SERVER
//   program restart redis N SERVER
//
// N counts from 1 (redis-N, ZooKeeper server N of the list); SERVERS is the run's own list. The
// program exits 0 once the server is down (or answers again), anything else on failure. The servers
// tests/support/zk-server.sh and redis-servers.sh start come with such a program: DIR/control.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/engine/status.h"
#include "sim/scenario/scenario.h"

namespace lockscope::live {

constexpr const char* kServerControlVariable = "LOCKSCOPE_SERVER_CONTROL";
// A restart waits for a JVM: bounded, and killed after.
constexpr int64_t kServerControlTimeoutMs = 60'000;

// The configured program; nullopt when the variable is unset or empty.
std::optional<std::string> configuredServerControl();

// Why a server fault cannot run live without the program. `faultLocation` and `faultName`
// describe the fault.
Status serverControlMissing(const std::string& faultLocation, const std::string& faultName);

// Success when `scenario`'s server faults can run live; a failure when a fault that kills or
// restarts a server process (kill_server, restart_server, kill_instance, restart_instance) needs a
// control program and `program` is nullopt: one line naming the fault's file, line and column.
Status serverFaultsCanRun(const scenario::Scenario& scenario,
                          const std::optional<std::string>& program);

// Runs `program arguments...`, waiting at most `timeoutMs` (then kills it and its children).
// The program's standard output on exit status 0; otherwise one line saying why, with the first
// line of what it printed.
Result<std::string> runServerControl(const std::string& program,
                                     const std::vector<std::string>& arguments, int64_t timeoutMs);

}  // namespace lockscope::live
