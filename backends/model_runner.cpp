#include "model_runner.h"

#include "backend_for.h"

namespace lockscope::backends {

explore::ScenarioRunner modelRunner() {
  return [](const scenario::Scenario& scenario) {
    run::RunOptions options;
    options.backend = modelBackendFor(scenario);
    options.judgeOnRunThread = true;
    return run::runScenario(scenario, options);
  };
}

}  // namespace lockscope::backends
