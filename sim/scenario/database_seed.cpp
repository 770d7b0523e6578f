#include "database_seed.h"

#include <set>

namespace lockscope::scenario {

DatabaseSeed databaseSeed(const Scenario& scenario) {
  std::set<int64_t> rows{1};
  std::set<std::string> names;
  auto add = [&](const recipes::RecipeParameters& parameters) {
    rows.insert(parameters.lockRows.begin(), parameters.lockRows.end());
    names.insert(parameters.lockKey);
  };
  add(scenario.recipeParameters);
  for (const auto& client : scenario.clients) {
    if (client.parameters) add(*client.parameters);
  }
  return DatabaseSeed{{rows.begin(), rows.end()}, {names.begin(), names.end()}};
}

}  // namespace lockscope::scenario
