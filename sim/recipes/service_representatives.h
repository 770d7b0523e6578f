// One recipe per lock service, the one that stands for it when services are compared: the
// database's row lock in a transaction, Redis' SET NX PX with a compare-and-delete release, and
// Curator's InterProcessMutex. `lockscope-cli services` measures these three side by side and
// the GUI's compare mode offers them as another service's counterpart of the lesson's recipe, so
// both compare the same thing.
#pragma once

#include <array>
#include <string_view>

namespace lockscope::recipes {

struct ServiceRepresentative {
  std::string_view service;  // a recipe's backend: "database", "redis", "zookeeper"
  std::string_view recipe;
};

// In the order the seeds compare them: database, cache, ZooKeeper.
inline constexpr std::array kServiceRepresentatives = {
    ServiceRepresentative{"database", "db-for-update"},
    ServiceRepresentative{"redis", "redis-lock"},
    ServiceRepresentative{"zookeeper", "zk-curator"},
};

// Whether `recipe` stands for its service.
constexpr bool representsService(std::string_view recipe) {
  for (const ServiceRepresentative& representative : kServiceRepresentatives) {
    if (representative.recipe == recipe) return true;
  }
  return false;
}

}  // namespace lockscope::recipes
