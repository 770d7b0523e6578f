#include "service_counterpart.h"

#include <algorithm>

#include "sim/recipes/service_representatives.h"

namespace lockscope::scenario {
sim::FaultService modelOf(std::string_view service) {
  if (service == "redis") return sim::kRedisModel;
  if (service == "database") return sim::kDatabaseModel;
  return sim::kZooKeeperModel;
}

namespace {

// A fault carries over when it names a client (a Redis instance or a ZooKeeper server has no
// counterpart on another service) and the other service's model applies it.
bool carriesOver(const Fault& fault, std::string_view service) {
  return sim::faultInfo(fault.kind).target == sim::FaultTarget::Client &&
         sim::faultSupported(fault.kind, modelOf(service));
}

}  // namespace

bool comparable(const recipes::RecipeDescription& other, const Scenario& leader) {
  if (other.name == leader.recipe) return false;
  if (other.backend != leader.backend) return recipes::representsService(other.name);
  return other.dialect.empty() || other.dialect == leader.database.dialect;
}

std::vector<std::string_view> comparableRecipes(const Scenario& leader) {
  std::vector<std::string_view> names;
  for (const auto& recipe : recipes::recipeCatalog()) {
    if (recipe.backend == leader.backend && comparable(recipe, leader))
      names.push_back(recipe.name);
  }
  for (const auto& representative : recipes::kServiceRepresentatives) {
    if (representative.service != leader.backend) names.push_back(representative.recipe);
  }
  return names;
}

std::vector<Fault> faultsOnService(const std::vector<Fault>& faults, std::string_view service,
                                   std::vector<std::string>& notes) {
  std::vector<Fault> kept;
  for (const Fault& fault : faults) {
    if (carriesOver(fault, service)) {
      kept.push_back(fault);
      continue;
    }
    const std::string note = std::string(faultKindName(fault.kind)) + " has no counterpart on " +
                             std::string(service) + ": left out";
    if (std::find(notes.begin(), notes.end(), note) == notes.end()) notes.push_back(note);
  }
  return kept;
}

Scenario scenarioOnService(const Scenario& leader, std::string_view recipe,
                           std::vector<std::string>& notes) {
  const recipes::RecipeDescription* description = recipes::findRecipe(recipe);
  const Scenario defaults;
  Scenario follower = leader;
  follower.backend = std::string(description->backend);
  follower.recipe = std::string(recipe);
  follower.recipeParameters = defaults.recipeParameters;
  follower.redis = defaults.redis;
  follower.database = defaults.database;
  follower.tickTimeMs = defaults.tickTimeMs;
  follower.fencedResource = defaults.fencedResource;
  for (auto& client : follower.clients) {
    client.sessionTimeoutMs = clients::ClientSpec{}.sessionTimeoutMs;
    client.parameters.reset();
  }
  follower.faults = faultsOnService(leader.faults, follower.backend, notes);
  follower.expectations.clear();
  for (auto& step : follower.narration) step.claims.clear();
  return follower;
}

}  // namespace lockscope::scenario
