// What a live Redis run cannot do, found before it starts: the model-only parts of a scenario
// (a stepped clock, a failover to a replica, replicas, persistence, a partition) and a server
// list that does not match the scenario's instances. Each problem is one line, located in the
// file where the scenario says it.
#pragma once

#include <string>

#include "sim/engine/status.h"
#include "sim/scenario/scenario.h"

namespace lockscope::live::redis {

// Success when `scenario` can run against `serverCount` live servers (redis-i on the i-th);
// otherwise one line naming the file (and line) and what live servers cannot do.
Status liveRedisCanRun(const scenario::Scenario& scenario, size_t serverCount);

}  // namespace lockscope::live::redis
