// The seeds' comparison of database, cache and ZooKeeper locks (ease, complexity, performance,
// reliability), rebuilt from measured runs instead of opinions: the same client plans under one
// representative recipe per service, each on its model with the same seed.
//
//   contention      N clients, one round each, 10 ms holds: requests per acquisition, the mean
//                   handoff (release to the next grant), when the last client finished
//   holder crashes  three clients; the holder dies 50 ms in: how long until someone holds again
//                   (0 when nobody ever does: the lock is gone for good)
//   holder pauses   two clients; the holder stops for 6 s, past Redis' 2 s lease and
//                   ZooKeeper's 4 s session: two holders? a lost update?
// Ease is the recipe's pseudocode length; complexity, the requests one acquisition costs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace lockscope::cli {

struct ServiceMeasures {
  std::string service;  // "database", "redis", "zookeeper"
  std::string recipe;
  size_t pseudocodeLines = 0;
  double requestsPerAcquisition = 0;
  double handoffMeanMs = 0;
  double contentionFinishedMs = 0;
  bool crashRecovered = false;
  double crashRecoverMs = 0;
  size_t crashStuckClients = 0;
  double pauseMaxHolders = 0;
  double pauseLostUpdates = 0;
  double pauseRejectedWrites = 0;
};

// One column per service, in the order database, redis, zookeeper.
std::vector<ServiceMeasures> compareServices(int clients, uint64_t seed);

}  // namespace lockscope::cli
