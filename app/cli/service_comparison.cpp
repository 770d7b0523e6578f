#include "service_comparison.h"

#include "backends/backend_for.h"
#include "sim/checkers/metric_names.h"
#include "sim/engine/check.h"
#include "sim/recipes/lock_recipe.h"
#include "sim/recipes/service_representatives.h"
#include "sim/run/scenario_run.h"
#include "sim/scenario/scenario_loader.h"

namespace lockscope::cli {
namespace {

using checkers::Metric;

struct Service {
  std::string_view name;
  std::string_view recipe;
  const char* settings;  // the service's own keys, the same in every run
};

// Redis' lease and ZooKeeper's session as a holder's safety margin: 2 s and 4 s; the database's
// row lock has none (the open transaction holds it).
const char* settingsOf(std::string_view service) {
  if (service == "database") return "backend: database\n";
  if (service == "redis")
    return "backend: redis\nrecipe_parameters: {ttl_ms: 2000, retry_delay_ms: 50}\n";
  return "session_timeout_ms: 4000\n";
}

run::RunReport measure(const Service& service, const std::string& plan, uint64_t seed) {
  const std::string name(service.name);
  const std::string text = "title: " + name + "\n" + service.settings +
                           "recipe: " + std::string(service.recipe) +
                           "\nseed: " + std::to_string(seed) + "\n" + plan;
  const auto loaded = scenario::loadScenarioText(text, name + ".yaml");
  LOCKSCOPE_CHECK(loaded.scenario.has_value(), "the service comparison's scenarios load");
  return run::runScenario(*loaded.scenario,
                          run::RunOptions{.backend = backends::modelBackendFor(*loaded.scenario)});
}

double ms(double micros) { return micros / 1000.0; }

}  // namespace

std::vector<ServiceMeasures> compareServices(int clients, uint64_t seed) {
  std::vector<ServiceMeasures> columns;
  for (const auto& representative : recipes::kServiceRepresentatives) {
    const Service service{representative.service, representative.recipe,
                          settingsOf(representative.service)};
    ServiceMeasures m;
    m.service = service.name;
    m.recipe = service.recipe;
    m.pseudocodeLines = recipes::findRecipe(service.recipe)->pseudocode.size();

    const run::RunReport contention = measure(
        service, "clients: " + std::to_string(clients) + "\nhold_ms: 10\n", seed);
    m.requestsPerAcquisition = contention.verdict.metric(Metric::RequestsPerAcquisition);
    m.handoffMeanMs = ms(contention.verdict.metric(Metric::HandoffMeanUs));
    m.contentionFinishedMs = ms(static_cast<double>(contention.virtualTime - contention.origin));

    const run::RunReport crash = measure(
        service,
        "clients: 3\nhold_ms: 300\nstart_spread_ms: 20\nstall_ms: 20000\n"
        "faults:\n  - at: 50ms\n    crash: c1\n",
        seed);
    m.crashRecovered = crash.verdict.metric(Metric::Recoveries) > 0;
    m.crashRecoverMs = ms(crash.verdict.metric(Metric::RecoverMaxUs));
    m.crashStuckClients = crash.verdict.stuckClients.size();

    const run::RunReport pause = measure(
        service,
        "clients:\n  - {name: c1, hold_ms: 500}\n  - {name: c2, start_ms: 20}\n"
        "faults:\n  - at: 100ms\n    pause: c1\n    for: 6s\n",
        seed);
    m.pauseMaxHolders = pause.verdict.metric(Metric::MaxHolders);
    m.pauseLostUpdates = pause.verdict.metric(Metric::LostUpdates);
    m.pauseRejectedWrites = pause.verdict.metric(Metric::RejectedWrites);
    columns.push_back(m);
  }
  return columns;
}

}  // namespace lockscope::cli
