#include "model_runner.h"

#include "backend_for.h"

namespace lockscope::backends {

explore::ScenarioRunner modelRunner() { return modelRunner({}); }

explore::ScheduledRunner scheduledModelRunner() {
  return [](const scenario::Scenario& scenario, const explore::ChooserFactory& chooser,
            sim::TraceSink* sink) {
    run::RunOptions options;
    options.backend = modelBackendFor(scenario);
    options.judgeOnRunThread = true;
    options.chooser = chooser;
    if (sink) options.sinks.push_back(sink);
    return run::runScenario(scenario, options);
  };
}

explore::ScenarioRunner modelRunner(
    std::function<std::unique_ptr<sim::Chooser>(uint64_t seed)> chooser) {
  return [chooser = std::move(chooser)](const scenario::Scenario& scenario) {
    run::RunOptions options;
    options.backend = modelBackendFor(scenario);
    options.judgeOnRunThread = true;
    options.chooser = chooser;
    return run::runScenario(scenario, options);
  };
}

}  // namespace lockscope::backends
