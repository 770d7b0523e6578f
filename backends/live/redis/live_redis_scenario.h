// What a live Redis run cannot do, found before it starts: the model-only parts of a scenario
// (a stepped clock, a failover to a replica, replicas, persistence, a partition) and a server
// list that does not match the scenario's instances. Each problem is one line, located in the
// file where the scenario says it.
#pragma once

#include <string>

#include "sim/scenario/scenario.h"

namespace lockscope::live::redis {

// Empty when `scenario` can run against `serverCount` live servers (redis-i on the i-th).
std::string liveRedisProblem(const scenario::Scenario& scenario, size_t serverCount);

}  // namespace lockscope::live::redis
