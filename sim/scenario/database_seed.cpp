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

std::string_view seededRowText(std::string_view table) {
  if (table == "inventory") return "stock=0 version=0 fence=0";
  if (table == "fence_tokens") return "token=0";
  return {};
}

}  // namespace lockscope::scenario
