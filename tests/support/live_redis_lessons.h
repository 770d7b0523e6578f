// The Redis lessons that run live (tests/tst_live_redis.cpp, tests/tst_model_vs_live_redis.cpp):
// every lesson in scenarios/redis/ except those needing what only the model has (clock_jump,
// failover, replicas, persistence), with the number of servers each takes.
//
// Left out as well: the two lessons made by the model's network latency, which a live run on
// loopback cannot inject (its round trip is well under a millisecond):
// - setnx-crash-before-expire crashes c1 at 7 ms, between its SETNX and the reply that the
//   model's 5 ms latency delays to 10 ms. Live, c1 has set the expiry long before 7 ms, and the
//   key without TTL the lesson shows never exists.
// - redlock-slow-acquisition puts every master 60 ms away so that acquiring outlasts the 100 ms
//   TTL. Live, acquiring takes about a millisecond and the lock is granted.
#pragma once

#include <QList>
#include <utility>

namespace lockscope::testing {

inline QList<std::pair<const char*, int>> liveRedisLessons() {
  return {
      {"crash-with-ttl", 1},         {"unsafe-del", 1},
      {"paused-holder-fenced", 1},   {"reentrancy", 1},
      {"watchdog-slow-holder", 1},   {"watchdog-starved", 1},
      {"restart-no-persistence", 1}, {"restart-delayed", 1},
      {"redlock-happy-path", 5},     {"redlock-split-vote", 5},
      {"redlock-two-down", 5},       {"redlock-three-down", 5},
      {"redlock-pause-caught", 5},   {"redlock-pause-buffered-replies", 5},
      {"own-unlock-script", 1},      {"unwatched-update", 1},
      {"optimistic-watch", 1},       {"paused-holder", 1},
      {"setnx-no-expiry", 1},
  };
}

}  // namespace lockscope::testing
