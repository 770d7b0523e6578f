// Compare mode across services: a lesson's client plan played on another lock service. The
// clients (names, start times, plans, rounds), the seed, the latency, the run's bounds and the
// faults that are about a client's process or network stay the leader's; everything that belongs
// to the leader's service goes back to the other service's defaults: its `redis:` or `database:`
// section, ZooKeeper's session timeout and tick, the recipe parameters (written for a recipe of
// the leader's service) and the fenced resource. A fault that only the leader's service has
// (expire_session, lose_reply, kill_instance, ...) is left out and named in a note, once per kind.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "scenario.h"
#include "sim/recipes/lock_recipe.h"

namespace lockscope::scenario {

// The fault-table flag of a service's model ("zookeeper", "redis", "database").
sim::FaultService modelOf(std::string_view service);

// Whether compare mode may play `other` beside `leader`'s recipe: another recipe of its service
// (for a database recipe written for one server, only on that server's dialect), or another
// service's representative (recipes/service_representatives.h).
bool comparable(const recipes::RecipeDescription& other, const Scenario& leader);
// Every recipe comparable with `leader`'s, as compare mode offers them: its service's in the
// catalog's order, then the other services' representatives.
std::vector<std::string_view> comparableRecipes(const Scenario& leader);

// The faults of `faults` that `service`'s model applies to a client ("crash", "pause", ...); the
// others are left out, and `notes` gets one line per kind left out ("expire_session has no
// counterpart on redis: left out") unless it holds that line already.
std::vector<Fault> faultsOnService(const std::vector<Fault>& faults, std::string_view service,
                                   std::vector<std::string>& notes);

// `leader` under `recipe`, a recipe of another service (recipes::findRecipe knows it), on that
// service's model. Its expectations and narration claims are dropped: they were written for the
// leader's service.
Scenario scenarioOnService(const Scenario& leader, std::string_view recipe,
                           std::vector<std::string>& notes);

}  // namespace lockscope::scenario
