// The Redis lessons that run live (tests/tst_live_redis.cpp, tests/tst_model_vs_live_redis.cpp):
// every lesson in scenarios/redis/ except those needing what only the model has (clock_jump,
// failover, replicas, persistence), with the number of servers each takes.
#pragma once

#include <QList>
#include <utility>

namespace lockscope::testing {

inline QList<std::pair<const char*, int>> liveRedisLessons() {
  return {
      {"crash-with-ttl", 1},
      {"setnx-crash-before-expire", 1},
      {"unsafe-del", 1},
      {"paused-holder", 1},
      {"paused-holder-fenced", 1},
      {"reentrancy", 1},
      {"watchdog-slow-holder", 1},
      {"watchdog-starved", 1},
      {"restart-no-persistence", 1},
      {"restart-delayed", 1},
      {"redlock-happy-path", 5},
      {"redlock-split-vote", 5},
      {"redlock-two-down", 5},
      {"redlock-three-down", 5},
      {"redlock-pause-caught", 5},
      {"redlock-pause-buffered-replies", 5},
      {"redlock-slow-acquisition", 5},
  };
}

}  // namespace lockscope::testing
